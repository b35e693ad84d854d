import { exportMail, lineCount, periodSpan } from '../../platform/mailed-export/export-mail';

/** The French mail that carries the export, or says that the period holds no line. */
export function productLinesExportMail(
  period: { start: Date; end: Date },
  rowCount: number,
): { subject: string; text: string; html: string } {
  const span = periodSpan(period);
  return exportMail(`Export des lignes produits de paiement ${span}`, [
    rowCount === 0
      ? `La période sélectionnée ne comporte aucune donnée : aucune ligne produit de paiement ${span}.`
      : `Vous trouverez en pièce jointe l'export des lignes produits de paiement ${span} (${lineCount(rowCount)}).`,
  ]);
}

/** `lignes-produits-paiement_2026-03-13_2026-03-14.xlsx`, with the Paris days of the period. */
export function productLinesExportFilename(startDay: string, endDay: string): string {
  return `lignes-produits-paiement_${startDay}_${endDay}.xlsx`;
}
