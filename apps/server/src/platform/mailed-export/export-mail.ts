import { formatParis } from '@comptoir/contracts';
import type { ExportRow } from '../../db/schema/backoffice';
import { escapeHtml } from '../html-page';

/** A paragraph of an export's mail: plain text, or its text and the HTML that shows it (a link). */
export type MailParagraph = string | { text: string; html: string };

/** `Téléchargez-le ici : https://…`: the link written after `lead`, clickable in the HTML part. */
export function linkParagraph(lead: string, link: string): MailParagraph {
  return {
    text: `${lead}${link}`,
    html: `${escapeHtml(lead)}<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
  };
}

/** An export's mail: « Bonjour, », its paragraphs, « L'équipe Comptoir », as text and as HTML. */
export function exportMail(
  subject: string,
  paragraphs: readonly MailParagraph[],
): { subject: string; text: string; html: string } {
  const all: MailParagraph[] = ['Bonjour,', ...paragraphs, "L'équipe Comptoir"];
  return {
    subject,
    text: all.map((p) => (typeof p === 'string' ? p : p.text)).join('\n\n'),
    html: all.map((p) => `<p>${typeof p === 'string' ? escapeHtml(p) : p.html}</p>`).join('\n'),
  };
}

/**
 * `aucune ligne`, `1 ligne`, `1 234 lignes` (the spec's space as thousands separator): what every
 * export's mail and notification say of its size.
 */
export function lineCount(count: number): string {
  if (count === 0) return 'aucune ligne';
  const digits = String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${digits} ${count === 1 ? 'ligne' : 'lignes'}`;
}

/** `13/03/2026`, or `13/03/2026 18:30:00` when the period does not start or end on a day boundary. */
export function formatPeriodBound(instant: Date, boundary: 'start' | 'end'): string {
  const [date, time] = formatParis(instant, 'DD/MM/YYYY HH:mm:ss').split(' ');
  const isWholeDay = time === (boundary === 'start' ? '00:00:00' : '23:59:59');
  return isWholeDay ? date! : `${date} ${time}`;
}

/** `du 13/03/2026 au 14/03/2026`: an export's period as its mail and notification say it. */
export function periodSpan(period: { start: Date; end: Date }): string {
  return `du ${formatPeriodBound(period.start, 'start')} au ${formatPeriodBound(period.end, 'end')}`;
}

/** The span of a recorded export's period. */
export function exportSpan(exported: Pick<ExportRow, 'period_start' | 'period_end'>): string {
  return periodSpan({ start: exported.period_start, end: exported.period_end });
}
