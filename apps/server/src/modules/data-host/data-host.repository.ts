import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { ReprintedDocumentKind } from '../../db/schema/document-reprints';

/**
 * The establishments a link's requester reads, by name: a sub-user's granted ones (all the account's
 * when none is granted, as the auth guard has it); everyone else's (holder, support, inspector) the
 * account's.
 */
export async function companiesOfRequester(
  db: Db,
  accountId: string,
  requesterId: string,
): Promise<{ id: string; company_name: string }[]> {
  const all = await db
    .selectFrom('companies')
    .select(['id', 'company_name'])
    .where('account_id', '=', accountId)
    .orderBy('company_name')
    .orderBy('id')
    .execute();
  const granted = await db
    .selectFrom('user_companies as uc')
    .innerJoin('users as u', 'u.id', 'uc.user_id')
    .select('uc.company_id')
    .where('uc.user_id', '=', requesterId)
    .where('u.role', '=', 'sub_user')
    .where('u.account_id', '=', accountId)
    .execute();
  if (granted.length === 0) return all;
  const ids = new Set(granted.map((g) => g.company_id));
  return all.filter((c) => ids.has(c.id));
}

/** What a printed document says of the establishment. */
export function findCompanyIdentity(db: Db, companyId: string) {
  return db
    .selectFrom('companies')
    .select([
      'company_name',
      'legal_name',
      'siret',
      'vat_number',
      'naf_code',
      'address_street',
      'address_zipcode',
      'address_city',
    ])
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
}
export type CompanyIdentity = Awaited<ReturnType<typeof findCompanyIdentity>>;

export function findRegister(db: Db, registerId: string) {
  return db
    .selectFrom('registers')
    .select(['id', 'name', 'serial'])
    .where('id', '=', registerId)
    .executeTakeFirstOrThrow();
}

/** The daily closure (type 1) whose record lists this service. */
export async function dailyClosureIdOfService(
  db: Db,
  accountId: string,
  serviceId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('closures')
    .select('id')
    .where('account_id', '=', accountId)
    .where('type', '=', 1)
    .where(sql<boolean>`service_ids @> ${JSON.stringify([serviceId])}::jsonb`)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The sales of the services a Z covers: ticket numbers, cancellations, lines removed before payment. */
export async function salesFigures(db: Db, accountId: string, serviceIds: string[]) {
  const { rows } = await sql<{
    orders: number;
    first_number: number | null;
    last_number: number | null;
    covers: number;
    cancellations: number;
    cancelled_ivat: number;
    removed_lines: number;
    removed_ivat: number;
  }>`
    select count(*)::int as orders,
           min(o.number)::int as first_number,
           max(o.number)::int as last_number,
           coalesce(sum(o.covers), 0)::int as covers,
           count(*) filter (where o.cancels_order_id is not null)::int as cancellations,
           coalesce(sum(o.amount_total_ivat) filter (where o.cancels_order_id is not null), 0)::bigint
             as cancelled_ivat,
           coalesce(sum(rl.lines), 0)::int as removed_lines,
           coalesce(sum(rl.amount), 0)::bigint as removed_ivat
      from orders o
      left join lateral (
        select count(*) as lines, sum(l.price) as amount
          from order_lines l where l.order_id = o.id and l.removed
      ) rl on true
     where o.account_id = ${accountId}
       and o.service_id = any(${serviceIds}::uuid[])`.execute(db);
  return rows[0]!;
}

/** Cash of the services a Z covers: float, expected and counted. */
export async function cashFigures(db: Db, accountId: string, serviceIds: string[]) {
  const { rows } = await sql<{ cash_float: number; expected_cash: number; counted_cash: number }>`
    select coalesce(sum(cash_float), 0)::bigint as cash_float,
           coalesce(sum(expected_cash), 0)::bigint as expected_cash,
           coalesce(sum(counted_cash), 0)::bigint as counted_cash
      from services
     where account_id = ${accountId}
       and id = any(${serviceIds}::uuid[])`.execute(db);
  return rows[0]!;
}

/**
 * Records one more reprint of a document and answers its number (1 for the first). A concurrent
 * reprint of the same document takes the same number once at most: the unique key refuses the
 * second, which then tries the next number.
 */
export async function recordReprint(
  db: Db,
  input: {
    accountId: string;
    companyId: string;
    kind: ReprintedDocumentKind;
    documentId: string;
    /** Who asked for the print. */
    userId: string;
  },
): Promise<number> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const row = await db
        .insertInto('document_reprints')
        .columns(['account_id', 'company_id', 'document_kind', 'document_id', 'reprint_number', 'user_id'])
        .expression(
          db
            .selectFrom('document_reprints')
            .select([
              sql<string>`${input.accountId}::uuid`.as('account_id'),
              sql<string>`${input.companyId}::uuid`.as('company_id'),
              sql<string>`${input.kind}`.as('document_kind'),
              sql<string>`${input.documentId}::uuid`.as('document_id'),
              sql<number>`coalesce(max(reprint_number), 0) + 1`.as('reprint_number'),
              sql<string>`${input.userId}::uuid`.as('user_id'),
            ])
            .where('document_kind', '=', input.kind)
            .where('document_id', '=', input.documentId),
        )
        .returning('reprint_number')
        .executeTakeFirstOrThrow();
      return row.reprint_number;
    } catch (err) {
      const isDuplicate = (err as { code?: string }).code === '23505';
      if (!isDuplicate || attempt >= 4) throw err;
    }
  }
}
