import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SALES_LINES_HEADERS } from '@comptoir/contracts';
import {
  customerExportMail,
  CUSTOMER_EXPORT_LABELS,
} from './modules/customer-accounts/customer-exports.mail';
import {
  ALL_CUSTOMERS_COLUMNS,
  HISTORY_COLUMNS,
  UNPAID_SALES_COLUMNS,
  customerAccountTypeLabel,
} from './modules/customer-accounts/customer-exports.workbook';
import type { ExportRow } from './db/schema/backoffice';
import { lineCount } from './platform/mailed-export/export-mail';
import { spreadsheetExportNotice } from './platform/mailed-export/mailed-export';
import { productLinesExportMail } from './modules/data-export/product-lines.mail';
import { PRODUCT_LINES_COLUMNS } from './modules/data-export/product-lines.workbook';
import { salesLinesExportMail, salesLinesExportNotice } from './modules/data-export/sales-lines.mail';

/**
 * Issue 31 item 18: the French users receive (mail subjects and bodies, notifications, PDF texts,
 * export headers and cells, the portal's messages) says each thing one way, in correct French.
 */
const BAD_FORMS: { form: RegExp; instead: string }[] = [
  // « de les » before a noun (« de les supprimer », a pronoun before a verb, is French).
  { form: /\b[Dd]e les (?!\p{L}+(er|ir|re)\b)/u, instead: 'des' },
  { form: /\(0 lignes?\)|\b0 lignes\b/, instead: 'aucune ligne' },
  { form: /\b[Ff]ond de caisse/, instead: 'Fonds de caisse (as the FEC)' },
  // The open tab (spec 3, type 0) is « Ardoise » on screen, in the guides and in the exports.
  { form: /\b[Cc]ompte ouvert/, instead: 'Ardoise' },
  { form: /\b[Cc]omptes ouverts/, instead: 'Ardoises' },
];

function badFormsIn(text: string): string[] {
  return BAD_FORMS.flatMap(({ form, instead }) => {
    const found = form.exec(text);
    return found ? [`« ${found[0]} » (say « ${instead} »)`] : [];
  });
}

/**
 * The French of a source file: a portal catalogue's `fr` block, else the file without its lines of
 * other languages (`ca: '…'`: Catalan's « de les » is correct Catalan).
 */
function frenchOf(file: string): string {
  const text = fs.readFileSync(file, 'utf8');
  if (file.endsWith('.messages.ts')) return /\n {2}fr: \{([\s\S]*?)\n {2}\}/.exec(text)?.[1] ?? text;
  return text
    .split('\n')
    .filter((line) => !/^\s*['"]?(en|es|ca)['"]?:/.test(line))
    .join('\n');
}

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../../..');

/** The source files that hold texts users receive: the server's, the contracts', the portal's messages. */
function sourceFiles(): string[] {
  const walk = (dir: string, keep: (file: string) => boolean): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === '__golden__' ? [] : walk(full, keep);
      return keep(full) ? [full] : [];
    });
  const isSource = (file: string) =>
    /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !/test-(fixtures|helpers)/.test(file);
  return [
    ...walk(here, isSource),
    ...walk(path.join(repo, 'packages/contracts/src'), isSource),
    ...walk(path.join(repo, 'apps/web/src'), (file) => /\.messages\.ts$/.test(file)),
  ];
}

const PERIOD = { start: new Date('2026-03-12T23:00:00Z'), end: new Date('2026-03-14T22:59:59Z') };
const EXPORTED = {
  period_start: PERIOD.start,
  period_end: PERIOD.end,
  email: 'compta@example.test',
} as ExportRow;
const COUNTS = [0, 1, 2, 1234];

/** Every text the exports send, rendered for an empty, a one-line and a larger period. */
function renderedTexts(): { where: string; text: string }[] {
  const mail = (where: string, m: { subject: string; text: string }) => [
    { where: `${where} (subject)`, text: m.subject },
    { where: `${where} (body)`, text: m.text },
  ];
  return [
    ...COUNTS.flatMap((count) => [
      ...mail(
        `sales lines mail, ${count}`,
        salesLinesExportMail(PERIOD, count, count ? 'https://x/y' : null),
      ),
      { where: `sales lines notice, ${count}`, text: salesLinesExportNotice(PERIOD, EXPORTED.email!, count) },
      ...mail(`product lines mail, ${count}`, productLinesExportMail(PERIOD, count)),
      ...(Object.keys(CUSTOMER_EXPORT_LABELS) as (keyof typeof CUSTOMER_EXPORT_LABELS)[]).flatMap((kind) => {
        const notice = spreadsheetExportNotice(`Export ${CUSTOMER_EXPORT_LABELS[kind].title}`);
        const result = {
          exportId: 'e',
          status: count ? ('done' as const) : ('empty' as const),
          rowCount: count,
          fileKey: null,
          mail: 'sent' as const,
        };
        return [
          ...mail(`${kind} mail, ${count}`, customerExportMail(kind, PERIOD, count)),
          { where: `${kind} notice, ${count}`, text: JSON.stringify(notice.done(null!, EXPORTED, result)) },
          { where: `${kind} failure notice`, text: JSON.stringify(notice.failed(EXPORTED)) },
        ];
      }),
      { where: `line count ${count}`, text: `(${lineCount(count)})` },
    ]),
    { where: 'sales lines headers', text: SALES_LINES_HEADERS.join(' | ') },
    ...[ALL_CUSTOMERS_COLUMNS, HISTORY_COLUMNS, UNPAID_SALES_COLUMNS, PRODUCT_LINES_COLUMNS].map(
      (columns, i) => ({ where: `export headers ${i}`, text: columns.map((c) => c.header).join(' | ') }),
    ),
    { where: 'account types', text: [0, 1].map(customerAccountTypeLabel).join(' | ') },
  ];
}

describe('the French that users receive', () => {
  it('holds none of the known bad forms in any source text (mails, notifications, PDFs, exports, portal)', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(200);
    const found = files.flatMap((file) =>
      badFormsIn(frenchOf(file)).map((bad) => `${path.relative(repo, file)}: ${bad}`),
    );
    expect(found).toEqual([]);
  });

  it('holds none of them in the mails, notifications and headers as rendered', () => {
    const found = renderedTexts().flatMap(({ where, text }) =>
      badFormsIn(text).map((bad) => `${where}: ${bad}`),
    );
    expect(found).toEqual([]);
  });

  it('names an empty export « aucune ligne » and the open tab « Ardoise », as the portal does', () => {
    expect(lineCount(0)).toBe('aucune ligne');
    expect(lineCount(1)).toBe('1 ligne');
    expect(lineCount(1234)).toBe('1 234 lignes');
    expect(customerExportMail('customers_unpaid', PERIOD, 3).subject).toBe(
      'Export des ventes impayées des comptes clients du 13/03/2026 au 14/03/2026',
    );
    expect(customerAccountTypeLabel(0)).toBe('Ardoise');
    const portal = fs.readFileSync(
      path.join(repo, 'apps/web/src/features/customer-accounts/customer-accounts-list.messages.ts'),
      'utf8',
    );
    expect(portal).toContain(`'customerList.filters.type.0': '${customerAccountTypeLabel(0)}'`);
    expect(portal).toContain(`'customerList.filters.type.1': '${customerAccountTypeLabel(1)}'`);
  });
});
