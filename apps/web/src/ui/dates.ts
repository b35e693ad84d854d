import { formatParis, type Instant } from '@comptoir/contracts';

// Instants on screen are in Paris time whatever the browser's zone (the one clock, in the contracts).
// Each spec area has its own date-time format: a screen takes the one of the area it belongs to.

/** An instant as its Paris calendar day, `DD/MM/YYYY`. */
export const formatDate = (instant: Instant): string => formatParis(instant, 'DD/MM/YYYY');

/** Spec 2, fiscal administration (its tables, details and dialogs): `DD-MM-YYYY H:mm:ss`, Paris time. */
export const formatFiscalDateTime = (instant: Instant): string => formatParis(instant, 'DD-MM-YYYY H:mm:ss');

/**
 * Spec 3, reports, ware analysis, customer accounts and accounting ("dates display as DD/MM/YYYY
 * and HH:mm"): `DD/MM/YYYY HH:mm`, Paris time.
 */
export const formatReportDateTime = (instant: Instant): string => formatParis(instant, 'DD/MM/YYYY HH:mm');
