import type { SignatureDefect } from '@comptoir/contracts';
import type { Translator } from './fiscal-errors.i18n';
import { formatMoney } from '../../ui/money';

type T = Translator['t'];
type Scalar = string | number | boolean | null | undefined;

/** Money columns and totals are integer cents; other values are shown as stored. */
function isMoneyField(field: string | undefined): boolean {
  return field !== undefined && /amount|total|price|cash|tip|payment/i.test(field);
}

export function formatDefectValue(value: Scalar, field?: string): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'number' && Number.isInteger(value) && isMoneyField(field)) return formatMoney(value);
  return String(value);
}

/** « order n° 12 », or the kind alone when the defect names no sequence number. */
export function recordLabel(t: T, defect: SignatureDefect): string {
  return defect.seq === null
    ? defect.recordKind
    : t('fiscalErrors.record', { kind: defect.recordKind, seq: defect.seq });
}

/**
 * The defect in words, in the interface's language, from its code and details; the French message
 * the server stored when the details do not say enough.
 */
export function describeDefect(t: T, defect: SignatureDefect): string {
  const d = defect.details;
  const record = recordLabel(t, defect);
  const where = [d.table, d.field].filter(Boolean).join('.');
  const values = {
    expected: formatDefectValue(d.expected, d.field),
    found: formatDefectValue(d.found, d.field),
  };
  const hasValues = d.expected !== undefined || d.found !== undefined;
  switch (defect.code) {
    case 'BAD_SIGNATURE':
    case 'BROKEN_LINK':
      return t(`fiscalErrors.words.${defect.code}`, { record });
    case 'HEAD_BAD_SIGNATURE':
      return t('fiscalErrors.words.HEAD_BAD_SIGNATURE');
    case 'SEQUENCE_GAP':
      if (d.missingFrom === undefined || d.missingTo === undefined) break;
      return t('fiscalErrors.words.SEQUENCE_GAP', { from: d.missingFrom, to: d.missingTo });
    case 'HEAD_MISMATCH':
      if (d.headSeq === undefined) break;
      return t('fiscalErrors.words.HEAD_MISMATCH', { head: d.headSeq, last: d.lastStoredSeq ?? '—' });
    case 'ROW_MISMATCH':
    case 'CLOSURE_TOTAL_MISMATCH':
      if (!where || !hasValues) break;
      return t(`fiscalErrors.words.${defect.code}`, { where, record, ...values });
    case 'GRAND_TOTAL_MISMATCH':
      if (!hasValues) break;
      return t('fiscalErrors.words.GRAND_TOTAL_MISMATCH', values);
    case 'CLIENT_REPORTED':
      if (!defect.message) break;
      return t('fiscalErrors.words.CLIENT_REPORTED', { message: defect.message });
  }
  return defect.message || t(`fiscalErrors.code.${defect.code}`);
}
