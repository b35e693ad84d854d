import { exportMail, lineCount, linkParagraph, periodSpan } from '../../platform/mailed-export/export-mail';

const DAYS_VALID = 7;

/** The French mail with the file's download link, or saying that the period holds no line. */
export function salesLinesExportMail(
  period: { start: Date; end: Date },
  rowCount: number,
  link: string | null,
): { subject: string; text: string; html: string } {
  const span = periodSpan(period);
  return exportMail(
    `Export des lignes de ventes ${span}`,
    rowCount === 0 || !link
      ? [`La période sélectionnée ne comporte aucune donnée : aucune ligne de vente ${span}.`]
      : [
          `Votre export des lignes de ventes ${span} (${lineCount(rowCount)}) est prêt.`,
          linkParagraph(`Téléchargez-le ici (lien valable ${DAYS_VALID} jours) : `, link),
        ],
  );
}

/** The notification centre's line once the export is mailed. */
export function salesLinesExportNotice(
  period: { start: Date; end: Date },
  email: string,
  rowCount: number,
): string {
  const span = periodSpan(period);
  return rowCount === 0
    ? `Export des lignes de ventes ${span} : aucune ligne sur la période.`
    : `Export des lignes de ventes ${span} terminé (${lineCount(rowCount)}) : le lien a été envoyé à ${email}.`;
}

export const SALES_LINES_EXPORT_FAILED =
  "L'export des lignes de ventes a échoué. Veuillez réessayer ou contacter le support.";
