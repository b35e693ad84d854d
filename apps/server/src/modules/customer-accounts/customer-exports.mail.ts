import { escapeHtml } from '../../platform/html-page';
import { formatPeriodBound } from '../data-export/data-export.dates';

/** The customer-account exports: what each is called in its mail and its file name. */
export const CUSTOMER_EXPORT_LABELS = {
  customer_history: { title: "l'historique des comptes clients", file: 'historique-comptes-clients' },
  customers_all: { title: 'tous les comptes clients', file: 'comptes-clients' },
  customers_unpaid: { title: 'les ventes impayées des comptes clients', file: 'ventes-impayees' },
} as const;
export type CustomerExportKind = keyof typeof CUSTOMER_EXPORT_LABELS;

/** The French mail that carries a customer-account export, or says that the period holds nothing. */
export function customerExportMail(
  kind: CustomerExportKind,
  period: { start: Date; end: Date },
  rowCount: number,
): { subject: string; text: string; html: string } {
  const span = `du ${formatPeriodBound(period.start, 'start')} au ${formatPeriodBound(period.end, 'end')}`;
  const { title } = CUSTOMER_EXPORT_LABELS[kind];
  const paragraphs = [
    'Bonjour,',
    rowCount === 0
      ? `La période sélectionnée ne comporte aucune donnée pour l'export de ${title} ${span}.`
      : `Vous trouverez en pièce jointe l'export de ${title} ${span} (${lineCount(rowCount)}).`,
    "L'équipe Comptoir",
  ];
  return {
    subject: `Export de ${title} ${span}`,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'),
  };
}

/** `comptes-clients_2026-03-13_2026-03-14.xlsx`, with the Paris days of the period. */
export function customerExportFilename(kind: CustomerExportKind, startDay: string, endDay: string): string {
  return `${CUSTOMER_EXPORT_LABELS[kind].file}_${startDay}_${endDay}.xlsx`;
}

function lineCount(count: number): string {
  const digits = String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${digits} ${count === 1 ? 'ligne' : 'lignes'}`;
}
