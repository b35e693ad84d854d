import { exportMail, lineCount, periodSpan } from '../../platform/mailed-export/export-mail';

/**
 * The customer-account exports: what each is called after « export », with its « de » contracted
 * where French contracts it (« des ventes »), and its file name.
 */
export const CUSTOMER_EXPORT_LABELS = {
  customer_history: { title: "de l'historique des comptes clients", file: 'historique-comptes-clients' },
  customers_all: { title: 'de tous les comptes clients', file: 'comptes-clients' },
  customers_unpaid: { title: 'des ventes impayées des comptes clients', file: 'ventes-impayees' },
} as const;
export type CustomerExportKind = keyof typeof CUSTOMER_EXPORT_LABELS;

/** The French mail that carries a customer-account export, or says that the period holds nothing. */
export function customerExportMail(
  kind: CustomerExportKind,
  period: { start: Date; end: Date },
  rowCount: number,
): { subject: string; text: string; html: string } {
  const span = periodSpan(period);
  const { title } = CUSTOMER_EXPORT_LABELS[kind];
  return exportMail(`Export ${title} ${span}`, [
    rowCount === 0
      ? `La période sélectionnée ne comporte aucune donnée pour l'export ${title} ${span}.`
      : `Vous trouverez en pièce jointe l'export ${title} ${span} (${lineCount(rowCount)}).`,
  ]);
}

/** `comptes-clients_2026-03-13_2026-03-14.xlsx`, with the Paris days of the period. */
export function customerExportFilename(kind: CustomerExportKind, startDay: string, endDay: string): string {
  return `${CUSTOMER_EXPORT_LABELS[kind].file}_${startDay}_${endDay}.xlsx`;
}
