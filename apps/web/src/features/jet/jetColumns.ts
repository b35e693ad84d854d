import type { JetJournalRow } from '@comptoir/contracts';
import type { MessageKey, Translator } from './jet.i18n';
import type { DataTableColumn } from '../../ui/DataTable';

type T = Translator['t'];

/** The codes of the server's catalogue (`JET_EVENTS`), in the order the code filter offers them. */
export const JET_CODES = [
  '10',
  '11',
  '12',
  '21',
  '25',
  '31',
  '33',
  '35',
  '40',
  '41',
  '42',
  '43',
  '45',
  '50',
  '51',
  '61',
  '62',
  '63',
  '71',
  '72',
  '73',
  '80',
  '81',
  '82',
  '83',
  '84',
] as const;
export type JetCode = (typeof JET_CODES)[number];

function isKnownCode(code: string): code is JetCode {
  return (JET_CODES as readonly string[]).includes(code);
}

/** The event's name in the interface language; a code this portal does not know keeps the server's label. */
export function eventLabel(t: T, row: Pick<JetJournalRow, 'code' | 'label'>): string {
  return isKnownCode(row.code) ? t(`jet.event.${row.code}` satisfies MessageKey) : row.label;
}

function detailValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(detailValue).join(', ')}]`;
  return `{ ${Object.entries(value as Record<string, unknown>)
    .map(([key, inner]) => `${key}: ${detailValue(inner)}`)
    .join(', ')} }`;
}

/** An event's details as one readable line: `key: value · key: value`, nested objects in braces. */
export function formatDetails(details: Record<string, unknown>): string {
  return Object.entries(details)
    .map(([key, value]) => `${key}: ${detailValue(value)}`)
    .join(' · ');
}

/** Spec 2 technical interventions screen, JET tab: date, code, event, establishment, user, signature, details. */
export function jetColumns(t: T): DataTableColumn<JetJournalRow>[] {
  return [
    {
      id: 'date',
      header: t('jet.column.date'),
      kind: 'dateTime',
      value: (row) => row.occurredAt,
      isRowHeader: true,
    },
    { id: 'code', header: t('jet.column.code'), value: (row) => row.code },
    { id: 'event', header: t('jet.column.event'), value: (row) => eventLabel(t, row) },
    { id: 'company', header: t('jet.column.company'), value: (row) => row.companyName },
    {
      id: 'user',
      header: t('jet.column.user'),
      value: (row) => row.userName ?? t('jet.system'),
    },
    {
      id: 'signature',
      header: t('jet.column.signature'),
      value: (row) => t(`jet.signature.${row.signature}`),
    },
    {
      id: 'details',
      header: t('jet.column.details'),
      value: (row) => formatDetails(row.details),
      isWrapping: true,
    },
  ];
}
