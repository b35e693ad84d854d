import { escapeHtml } from '../../platform/html-page';
import { formatPeriodBound } from './data-export.dates';
import { lineCount } from './data-export.lifecycle';

/** The French mail that carries the export, or says that the period holds no line. */
export function productLinesExportMail(
  period: { start: Date; end: Date },
  rowCount: number,
): { subject: string; text: string; html: string } {
  const span = `du ${formatPeriodBound(period.start, 'start')} au ${formatPeriodBound(period.end, 'end')}`;
  const paragraphs = [
    'Bonjour,',
    rowCount === 0
      ? `La période sélectionnée ne comporte aucune donnée : aucune ligne produit de paiement ${span}.`
      : `Vous trouverez en pièce jointe l'export des lignes produits de paiement ${span} (${lineCount(rowCount)}).`,
    "L'équipe Comptoir",
  ];
  return {
    subject: `Export des lignes produits de paiement ${span}`,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'),
  };
}

/** `lignes-produits-paiement_2026-03-13_2026-03-14.xlsx`, with the Paris days of the period. */
export function productLinesExportFilename(startDay: string, endDay: string): string {
  return `lignes-produits-paiement_${startDay}_${endDay}.xlsx`;
}
