import { addCalendarDays } from '@comptoir/contracts';
import crypto from 'node:crypto';
import type { Db } from '../db/database';
import type { NotificationType } from '../db/schema/notifications';

/** The locale tags notifications are stored with, one row per language. */
const LOCALES = { fr: 'fr-FR', en: 'en-GB', es: 'es-ES', ca: 'ca-ES' } as const;
type Language = keyof typeof LOCALES;

interface DemoNotification {
  key: string;
  /** Null: every account. */
  accountId: string | null;
  type: NotificationType;
  text: Record<Language, string>;
  /** Days before the demo's last day. */
  startsDaysBefore: number;
  /** Days after the demo's last day; null: no end. */
  endsDaysAfter: number | null;
}

/** A stable id per notification and language, so that a second load inserts nothing. */
function demoId(key: string): string {
  const hex = crypto.createHash('sha256').update(`comptoir-demo-notification:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function monthBefore(day: string, language: Language): string {
  const [year, month] = day.split('-').map(Number) as [number, number];
  const previous = new Date(Date.UTC(year, month - 2, 15));
  return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    previous,
  );
}

/**
 * Notifications of the demo: the monthly closure of each demo account (success), a new report and a
 * VAT reminder for everyone (info, warning), each in French, English, Spanish and Catalan.
 */
export function demoNotifications(ids: { accountIds: string[]; endDay: string }): DemoNotification[] {
  const closures = ids.accountIds.map((accountId): DemoNotification => ({
    key: `monthly-closure:${accountId}`,
    accountId,
    type: 'success',
    text: {
      fr: `Clôture mensuelle disponible : ${monthBefore(ids.endDay, 'fr')}. Retrouvez-la dans Administration fiscale.`,
      en: `Monthly closure available: ${monthBefore(ids.endDay, 'en')}. Find it in Tax administration.`,
      es: `Cierre mensual disponible: ${monthBefore(ids.endDay, 'es')}. Consúltelo en Administración fiscal.`,
      ca: `Tancament mensual disponible: ${monthBefore(ids.endDay, 'ca')}. Consulteu-lo a Administració fiscal.`,
    },
    startsDaysBefore: 2,
    endsDaysAfter: null,
  }));
  return [
    ...closures,
    {
      key: 'new-report:weekdays',
      accountId: null,
      type: 'info',
      text: {
        fr: "Nouveau rapport : le détail par jour de semaine compare vos ventes d'un jour à l'autre.",
        en: 'New report: the weekday breakdown compares your sales from one day to another.',
        es: 'Nuevo informe: el detalle por día de la semana compara sus ventas de un día a otro.',
        ca: "Nou informe: el detall per dia de la setmana compara les vostres vendes d'un dia a un altre.",
      },
      startsDaysBefore: 9,
      endsDaysAfter: null,
    },
    {
      key: 'vat-reminder',
      accountId: null,
      type: 'warning',
      text: {
        fr: "Rappel TVA : préparez votre déclaration du mois avec l'export comptable avant l'échéance.",
        en: "VAT reminder: prepare this month's return with the accounting export before the deadline.",
        es: 'Recordatorio de IVA: prepare la declaración del mes con la exportación contable antes del plazo.',
        ca: "Recordatori d'IVA: prepareu la declaració del mes amb l'exportació comptable abans del termini.",
      },
      startsDaysBefore: 1,
      endsDaysAfter: 30,
    },
  ];
}

/** Stores the demo notifications that are missing; returns how many rows were added. */
export async function seedDemoNotifications(
  db: Db,
  ids: { accountIds: string[]; endDay: string },
): Promise<number> {
  const rows = demoNotifications(ids).flatMap((n) =>
    (Object.keys(LOCALES) as Language[]).map((language) => ({
      id: demoId(`${n.key}:${language}`),
      account_id: n.accountId,
      type: n.type,
      text: n.text[language],
      locale: LOCALES[language],
      starts_at: `${addCalendarDays(ids.endDay, -n.startsDaysBefore)}T07:00:00Z`,
      ends_at: n.endsDaysAfter === null ? null : `${addCalendarDays(ids.endDay, n.endsDaysAfter)}T07:00:00Z`,
    })),
  );
  const result = await db
    .insertInto('notifications')
    .values(rows)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}
