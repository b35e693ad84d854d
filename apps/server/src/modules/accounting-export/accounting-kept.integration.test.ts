import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, signInAs, type TestApp } from '../../test-helpers';
import * as repo from './accounting-export.repository';
import type { BookedDay } from './accounting-export.repository';
import type { ExportedMovement } from '../../db/schema/backoffice';
import { accountingCache } from './accounting-kept.store';
import { streamAccountingFile } from './accounting-export.file';
import { checkFec } from './fec-checker';
import { sendLateOrder } from './late-order.test-fixtures';

const END_DAY = '2026-03-14';
const DAYS = ['2026-03-11', '2026-03-12', '2026-03-13', '2026-03-14'];

let t: TestApp;
let dataDir: string;
let token: string;
let companyId: string;

const db = () => t.database.db;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-kept-days-'));
  t = await buildDemoTestApp({ days: DAYS.length, endDay: END_DAY }, { dataDir });
  token = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
  // The demo's suite group comes with its accounts configured (the proposed French chart).
  const configured = await db()
    .selectFrom('accounting_accounts as a')
    .innerJoin('companies as c', 'c.id', 'a.company_id')
    .innerJoin('users as u', 'u.account_id', 'c.account_id')
    .select('c.id')
    .where('u.email', '=', 'demo@comptoir.test')
    .orderBy('c.company_name')
    .executeTakeFirstOrThrow();
  companyId = configured.id;
}, 240_000);
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The FEC of the four days as the export job writes it (the text of every line, header first). */
async function fec(
  options: {
    next?: number;
    exportDay?: string;
    format?: 'fec' | 'csv';
    months?: boolean;
    /** As a FEC export: what each day books handed over. */
    recordDay?: (day: string, booked: BookedDay) => Promise<void>;
  } = {},
) {
  const company = (await repo.findCompany(db(), companyId))!;
  const setup = await repo.loadAccountingSetup(db(), companyId);
  let text = '';
  await streamAccountingFile(
    {
      db: db(),
      // Kept months (files) unless told otherwise: kept days only.
      files: options.months === false ? undefined : t.app.files,
      company,
      period: { startDay: DAYS[0]!, endDay: END_DAY },
      setup,
      context: { companyName: company.name, mode: 2, exportDay: options.exportDay ?? '20260315' },
      format: options.format ?? 'fec',
      next: options.next ?? 1,
      ...(options.recordDay ? { ledger: 'book' as const, recordDay: options.recordDay } : {}),
    },
    async (piece) => {
      text += piece;
    },
  );
  return text;
}

/** The same file computed from the figures, nothing kept. */
async function computedFec(options: Parameters<typeof fec>[0] = {}) {
  await accountingCache(db(), t.app.files).forget();
  return fec(options);
}

/** The kept month of the period (its row), if any. */
const keptMonth = () =>
  db()
    .selectFrom('accounting_month_packs')
    .select(['file_key', 'first_day', 'last_day', 'day_count'])
    .where('company_id', '=', companyId)
    .where('format', '=', 'fec')
    .executeTakeFirst();

/** Rewrites the kept month's file (same length: its index still holds). */
async function rewriteKeptMonth(fileKey: string, edit: (content: string) => string) {
  await t.app.files.put(fileKey, edit((await t.app.files.get(fileKey)).toString('utf8')));
}

const linesOf = (text: string, day: string) =>
  text.split('\r\n').filter((line) => line.split('|')[3] === day.replaceAll('-', ''));

describe('the accounting journal\u2019s kept days', () => {
  it('writes a period again from its kept days byte for byte, with any numbers and export day', async () => {
    const computed = await computedFec();
    expect(computed.split('\r\n').length).toBeGreaterThan(10);
    expect(checkFec('123456789FEC20260314.txt', computed)).toEqual([]);
    const kept = await db()
      .selectFrom('accounting_day_texts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow();
    expect(Number(kept.n)).toBe(DAYS.length);
    // The period's part of March is kept as one file too.
    expect(await keptMonth()).toMatchObject({
      first_day: DAYS[0],
      last_day: END_DAY,
      day_count: DAYS.length,
    });
    expect(await fec()).toBe(computed);
    expect(await fec({ months: false })).toBe(computed);

    const renumbered = await fec({ next: 500, exportDay: '20270102' });
    expect(renumbered).toBe(await computedFec({ next: 500, exportDay: '20270102' }));
    expect(renumbered.split('\r\n')[1]!.split('|')[2]).toBe('500');
    expect(renumbered.split('\r\n')[1]!.split('|')[15]).toBe('20270102');
    const csv = await computedFec({ format: 'csv' });
    expect(await fec({ format: 'csv' })).toBe(csv);
    // A shorter period inside the kept part reads its days from it.
    await computedFec();
    const company = (await repo.findCompany(db(), companyId))!;
    let inside = '';
    await streamAccountingFile(
      {
        db: db(),
        files: t.app.files,
        company,
        period: { startDay: DAYS[1]!, endDay: DAYS[2]! },
        setup: await repo.loadAccountingSetup(db(), companyId),
        context: { companyName: company.name, mode: 2, exportDay: '20260315' },
        format: 'fec',
        next: 1,
      },
      async (piece) => {
        inside += piece;
      },
    );
    const fullLines = computed.split('\r\n');
    const firstOfDay1 = fullLines.findIndex((line) => line.split('|')[3] === DAYS[1]!.replaceAll('-', ''));
    const renumber = (line: string, by: number) =>
      line.replace(/^([^|]*\|[^|]*\|)(\d+)/, (_m, head: string, n: string) => `${head}${Number(n) - by}`);
    const shift = Number(fullLines[firstOfDay1]!.split('|')[2]) - 1;
    expect(inside.split('\r\n').slice(1, -1)).toEqual(
      [...linesOf(computed, DAYS[1]!), ...linesOf(computed, DAYS[2]!)].map((line) => renumber(line, shift)),
    );
  });

  it('streams what is kept until a day\u2019s figures change, then that day is computed again', async () => {
    await computedFec({ months: false });
    // Marks every kept line: what the next file holds of them shows which days were read back.
    await db()
      .updateTable('accounting_day_texts')
      .set((eb) => ({ body: eb.fn<string>('replace', [eb.ref('body'), eb.val('Ventes'), eb.val('Ventez')]) }))
      .where('company_id', '=', companyId)
      .execute();
    const marked = await fec({ months: false });
    for (const day of DAYS) expect(linesOf(marked, day).join()).toContain('Ventez');

    // A register sends a late sale of the first day: that day is computed again, the others are not.
    await sendLateOrder(t, token, companyId, DAYS[0]!, 2310);
    const after = await fec({ months: false });
    expect(linesOf(after, DAYS[0]!).join()).not.toContain('Ventez');
    for (const day of DAYS.slice(1)) expect(linesOf(after, day).join()).toContain('Ventez');
    const fresh = await computedFec();
    expect(linesOf(after, DAYS[0]!)).toEqual(linesOf(fresh, DAYS[0]!));
    expect(fresh).not.toContain('Ventez');

    // An avoir issued (migration 030: credits, like cash movements, are a source of the day) makes
    // its day computed again too.
    await db()
      .updateTable('accounting_day_texts')
      .set((eb) => ({ body: eb.fn<string>('replace', [eb.ref('body'), eb.val('Ventes'), eb.val('Ventez')]) }))
      .where('company_id', '=', companyId)
      .execute();
    const credit = await db()
      .selectFrom('credits')
      .selectAll()
      .where('company_id', '=', companyId)
      .limit(1)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('credits')
      .values({ ...credit, id: crypto.randomUUID(), business_day: DAYS[1]!, seq: credit.seq + 100_000 })
      .execute();
    const afterAvoir = await fec({ months: false });
    expect(linesOf(afterAvoir, DAYS[1]!).join()).not.toContain('Ventez');
    expect(linesOf(afterAvoir, DAYS[2]!).join()).toContain('Ventez');
  });

  it('computes again the later days of a customer whose operation came late (its balance moved)', async () => {
    const later = await db()
      .selectFrom('customer_operations')
      .selectAll()
      .where('company_id', '=', companyId)
      .where('business_day', '>', DAYS[1]!)
      .where('business_day', '<=', END_DAY)
      .where('operation', '=', 'charge')
      .orderBy('business_day', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow();
    const laterDay = String(later.business_day);
    const customerDays = await db()
      .selectFrom('customer_operations')
      .select(sql<string>`business_day::text`.as('day'))
      .distinct()
      .where('company_id', '=', companyId)
      .where('customer_account_id', '=', later.customer_account_id)
      .execute();
    const untouched = DAYS.slice(1).filter((day) => !customerDays.some((d) => d.day === day));
    await computedFec({ months: false });
    await db()
      .updateTable('accounting_day_texts')
      .set((eb) => ({ body: eb.fn<string>('replace', [eb.ref('body'), eb.val('Ventes'), eb.val('Ventez')]) }))
      .where('company_id', '=', companyId)
      .execute();
    // A register that was offline sends a top-up of the first day: the customer's later charges now
    // consume that credit (4191) rather than owe (411).
    await db()
      .insertInto('customer_operations')
      .values({
        ...later,
        id: crypto.randomUUID(),
        business_day: DAYS[0]!,
        at: new Date(`${DAYS[0]!}T11:00:00.000Z`),
        operation: 'topup',
        amount: 50_000,
        order_id: null,
        seq: later.seq + 100_000,
      })
      .execute();
    const after = await fec({ months: false });
    expect(linesOf(after, DAYS[0]!).join()).not.toContain('Ventez');
    expect(linesOf(after, laterDay).join()).not.toContain('Ventez');
    for (const day of untouched) expect(linesOf(after, day).join()).toContain('Ventez');
    const fresh = await computedFec();
    expect(linesOf(after, laterDay)).toEqual(linesOf(fresh, laterDay));
    expect(linesOf(fresh, laterDay).join()).toContain('|419110|');
  });

  it('streams a kept month until one of its days changes, and computes a lost or damaged one again', async () => {
    const computed = await computedFec();
    const first = (await keptMonth())!;
    // Marks the kept month's file: the next file is read from it.
    await rewriteKeptMonth(first.file_key, (content) => content.replaceAll('Ventes', 'Ventez'));
    const marked = await fec();
    for (const day of DAYS) expect(linesOf(marked, day).join()).toContain('Ventez');

    // A late sale of the last day changes the month's signature: the month is written from its kept
    // days (and that day computed again), then kept again in a new file.
    await sendLateOrder(t, token, companyId, END_DAY, 1870, 18);
    const after = await fec();
    expect(after).not.toContain('Ventez');
    expect(after).not.toBe(computed);
    const again = (await keptMonth())!;
    expect(again.file_key).not.toBe(first.file_key);
    expect(await t.app.files.exists(first.file_key)).toBe(false);
    expect(await fec()).toBe(after);

    // A damaged file (cut short) or a lost one: the month is written from its kept days.
    await t.app.files.put(again.file_key, (await t.app.files.get(again.file_key)).subarray(0, 100));
    expect(await fec()).toBe(after);
    await t.app.files.remove((await keptMonth())!.file_key);
    expect(await fec()).toBe(after);
    expect(await computedFec()).toBe(after);
  });

  it('hands an export each day\u2019s movements from a kept month as from the figures', async () => {
    const computed = await computedFec();
    const numbers: Record<'days' | 'month', (number | null)[]> = { days: [], month: [] };
    const recordInto =
      (into: Map<string, ExportedMovement[]>, from: 'days' | 'month') =>
      async (day: string, booked: BookedDay) => {
        into.set(day, booked.movements);
        numbers[from].push(booked.firstNum);
      };
    // What an export records of each day, from the kept days alone.
    const fromDays = new Map<string, ExportedMovement[]>();
    expect(await fec({ months: false, recordDay: recordInto(fromDays, 'days') })).toBe(computed);
    expect([...fromDays.keys()]).toEqual(DAYS);
    // The month kept by the first file (a preview's, say) holds the movements too.
    const { file_key } = (await keptMonth())!;
    await rewriteKeptMonth(file_key, (content) => content.replaceAll('Ventes', 'Ventez'));
    const fromMonth = new Map<string, ExportedMovement[]>();
    const marked = await fec({ recordDay: recordInto(fromMonth, 'month') });
    expect(marked).toBe(computed.replaceAll('Ventes', 'Ventez'));
    expect([...fromMonth.keys()]).toEqual(DAYS);
    expect(JSON.stringify([...fromMonth])).toBe(JSON.stringify([...fromDays]).replaceAll('Ventes', 'Ventez'));
    // Each day books from the number after the day before's entries, either way.
    expect(numbers.month).toEqual(numbers.days);
    expect(numbers.days[0]).toBe(1);
  });

  it('follows a change of configuration and of a customer\u2019s name', async () => {
    const before = await computedFec();
    await db()
      .insertInto('accounting_vat_keys')
      .values({
        account_id: (await repo.findCompany(db(), companyId))!.accountId,
        company_id: companyId,
        key: 'account_vat_journal',
        value: 'CA',
      })
      .onConflict((oc) => oc.columns(['company_id', 'key']).doUpdateSet({ value: 'CA' }))
      .execute();
    const journal = await fec();
    expect(journal.split('\r\n')[1]!.startsWith('CA|')).toBe(true);
    expect(journal).toBe(await computedFec());
    expect(journal).not.toBe(before);

    // A customer paid on account in the period: renamed, the next file says the new name.
    const tab = await db()
      .selectFrom('payment_lines')
      .select('customer_account_id')
      .where('company_id', '=', companyId)
      .where('customer_account_id', 'is not', null)
      .where('business_day', '>=', DAYS[0]!)
      .where('business_day', '<=', END_DAY)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('customer_accounts')
      .set({ company_name: 'Traiteur Renommé' })
      .where('id', '=', tab.customer_account_id!)
      .execute();
    const renamed = await fec();
    expect(renamed).toContain('Traiteur Renommé');
    expect(renamed).toBe(await computedFec());
  });

  it('is forgotten when the server starts: the code that wrote it may have changed with the release', async () => {
    const computed = await computedFec();
    const keptDays = () =>
      db()
        .selectFrom('accounting_day_texts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
    expect(Number((await keptDays()).n)).toBeGreaterThan(0);
    const { file_key } = (await keptMonth())!;
    expect(await t.app.files.exists(file_key)).toBe(true);
    const started = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      expect(Number((await keptDays()).n)).toBe(0);
      expect(await keptMonth()).toBeUndefined();
      expect(await t.app.files.exists(file_key)).toBe(false);
      expect(await fec()).toBe(computed);
    } finally {
      await started.close();
    }
  });
});
