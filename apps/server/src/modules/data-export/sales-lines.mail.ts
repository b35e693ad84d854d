import { escapeHtml } from '../../platform/html-page';
import { formatPeriodBound } from './data-export.dates';
import { lineCount } from './data-export.lifecycle';

const DAYS_VALID = 7;

/** The French mail with the file's download link, or saying that the period holds no line. */
export function salesLinesExportMail(
  period: { start: Date; end: Date },
  rowCount: number,
  link: string | null,
): { subject: string; text: string; html: string } {
  const span = `du ${formatPeriodBound(period.start, 'start')} au ${formatPeriodBound(period.end, 'end')}`;
  const paragraphs =
    rowCount === 0 || !link
      ? [`La période sélectionnée ne comporte aucune donnée : aucune ligne de vente ${span}.`]
      : [
          `Votre export des lignes de ventes ${span} (${lineCount(rowCount)}) est prêt.`,
          `Téléchargez-le ici (lien valable ${DAYS_VALID} jours) : ${link}`,
        ];
  const all = ['Bonjour,', ...paragraphs, "L'équipe Comptoir"];
  return {
    subject: `Export des lignes de ventes ${span}`,
    text: all.join('\n\n'),
    html: all
      .map((paragraph) =>
        link && paragraph.endsWith(link)
          ? `<p>${escapeHtml(paragraph.slice(0, -link.length))}<a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
          : `<p>${escapeHtml(paragraph)}</p>`,
      )
      .join('\n'),
  };
}

/** The notification centre's line once the export is mailed. */
export function salesLinesExportNotice(
  period: { start: Date; end: Date },
  email: string,
  rowCount: number,
): string {
  const span = `du ${formatPeriodBound(period.start, 'start')} au ${formatPeriodBound(period.end, 'end')}`;
  return rowCount === 0
    ? `Export des lignes de ventes ${span} : aucune ligne sur la période.`
    : `Export des lignes de ventes ${span} terminé (${lineCount(rowCount)}) : le lien a été envoyé à ${email}.`;
}

export const SALES_LINES_EXPORT_FAILED =
  "L'export des lignes de ventes a échoué. Veuillez réessayer ou contacter le support.";
