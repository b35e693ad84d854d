import { z } from 'zod';
import {
  FISCAL_PERIOD_FIRST_DAY,
  fiscalPeriodLastDay,
  isCalendarDay,
  wareInfo,
  type BardistribShiftsResponse,
  type DispenserCountsRequest,
  type DispenserCountsResponse,
  type WareAnalysisQuery,
  type WareDatasResponse,
  type WareDetailsQuery,
  type WareDetailsResponse,
  type WareItem,
  type WarePour,
  type WareRow,
  businessDayEnd,
  businessDayStart,
  formatParis,
} from '@comptoir/contracts';
import type { BulkInsert } from '../../db/bulk';
import type { Db } from '../../db/database';
import type { RegisterRow } from '../../db/schema/pos';
import { assertCompanyReadable } from '../../platform/auth-guard';
import type { RequestContext } from '../../platform/request-context';
import { bardistribError } from './bardistrib.errors';
import * as repo from './bardistrib.repository';

// Ingestion

/**
 * Stores a dispenser's counts for the establishment of the register that authenticated it, whole or
 * not at all: wares upserted by id, pours appended by id (a replayed pour is a duplicate).
 */
export async function ingestCounts(
  trx: Db,
  bulkInsert: BulkInsert,
  register: RegisterRow,
  counts: DispenserCountsRequest,
): Promise<DispenserCountsResponse> {
  const tenant = { account_id: register.account_id, company_id: register.company_id };
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const pour of counts.pours) (seen.has(pour.id) ? repeated : seen).add(pour.id);
  if (repeated.size > 0) throw bardistribError('POUR_CONFLICT', { pourIds: [...repeated].slice(0, 20) });
  const outOfShift = counts.pours.findIndex((pour) => pour.cashed && pour.serviceId === null);
  if (outOfShift >= 0) throw bardistribError('CASHED_OUT_OF_SHIFT', { index: outOfShift });

  const linkedProducts = unique(counts.wares.flatMap((ware) => (ware.productId ? [ware.productId] : [])));
  const catalog = await repo.productNames(trx, register.company_id, linkedProducts);
  const unknownProducts = linkedProducts.filter((productId) => !catalog.has(productId));
  if (unknownProducts.length > 0) throw bardistribError('UNKNOWN_PRODUCT', { productIds: unknownProducts });
  const written = await repo.upsertWares(
    trx,
    counts.wares.map((ware) => ({
      id: ware.id,
      ...tenant,
      name: ware.name,
      category: ware.category,
      product_id: ware.productId,
    })),
  );
  const foreignWares = counts.wares.filter((ware) => !written.has(ware.id)).map((ware) => ware.id);
  if (foreignWares.length > 0) throw bardistribError('FOREIGN_REFERENCE', { wareIds: foreignWares });

  const serviceIds = unique(counts.pours.flatMap((pour) => (pour.serviceId ? [pour.serviceId] : [])));
  const foreignServices = await repo.foreignServiceIds(trx, register.company_id, serviceIds);
  if (foreignServices.length > 0) throw bardistribError('FOREIGN_REFERENCE', { serviceIds: foreignServices });

  const wareIds = unique(counts.pours.map((pour) => pour.wareId));
  const wares = new Map((await repo.findWares(trx, register.company_id, wareIds)).map((w) => [w.id, w]));
  const unknownWares = wareIds.filter((wareId) => !wares.has(wareId));
  if (unknownWares.length > 0) throw bardistribError('UNKNOWN_WARE', { wareIds: unknownWares });
  const storedProducts = unique([...wares.values()].flatMap((w) => (w.product_id ? [w.product_id] : [])));
  const products = await repo.productNames(trx, register.company_id, storedProducts);

  const rows = counts.pours.map((pour) => {
    const ware = wares.get(pour.wareId)!;
    return {
      id: pour.id,
      account_id: register.account_id,
      company_id: register.company_id,
      register_id: register.id,
      service_id: pour.serviceId,
      ware_id: ware.id,
      ware_name: ware.name,
      category: ware.category,
      product_id: ware.product_id,
      product_name: ware.product_id ? (products.get(ware.product_id) ?? null) : null,
      user_name: pour.userName,
      poured_at: pour.pouredAt,
      quantity: pour.quantity,
      cashed: pour.cashed,
      in_shift: pour.serviceId !== null,
    };
  });
  await repo.lockDispenserCounts(trx, register.company_id);
  const inserted = await repo.insertNewPours(trx, bulkInsert, rows);
  const replayed = counts.pours.filter((pour) => !inserted.has(pour.id));
  const previous = await repo.findPours(
    trx,
    replayed.map((pour) => pour.id),
  );
  const stored = new Map(previous.map((pour) => [pour.id, pour]));
  const conflicts = replayed
    .filter((pour) => {
      const same = stored.get(pour.id);
      return (
        !same ||
        same.company_id !== register.company_id ||
        same.ware_id !== pour.wareId ||
        same.poured_at.getTime() !== Date.parse(pour.pouredAt) ||
        same.quantity !== pour.quantity
      );
    })
    .map((pour) => pour.id);
  if (conflicts.length > 0) throw bardistribError('POUR_CONFLICT', { pourIds: conflicts.slice(0, 20) });
  return { wares: written.size, accepted: inserted.size, duplicates: replayed.length };
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

// Reading

const DAY_PARAM = /^(\d{4}-\d{2}-\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/;
const uuidList = z.array(z.uuid()).max(5_000);

function dayOf(value: string): string {
  const day = DAY_PARAM.exec(value)?.[1];
  if (!day || !isCalendarDay(day)) throw bardistribError('INVALID_DATE');
  // No register poured before 2000 nor after this year; the far ends of the calendar overflow.
  if (day < FISCAL_PERIOD_FIRST_DAY || day > fiscalPeriodLastDay())
    throw bardistribError('DATE_OUT_OF_RANGE');
  return day;
}

function jsonParam<T>(text: string, schema: z.ZodType<T>): T | null {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The establishments asked for (all readable ones when none is), each checked: 403 otherwise. */
function companiesOf(ctx: RequestContext, idCompanies: string | undefined): string[] {
  if (idCompanies === undefined || idCompanies === '') return ctx.companyIds;
  const ids = jsonParam(idCompanies, uuidList);
  if (!ids) throw bardistribError('INVALID_COMPANIES');
  if (ids.length === 0) return ctx.companyIds;
  const wanted = unique(ids.map((id) => id.toLowerCase()));
  for (const id of wanted) assertCompanyReadable(ctx, id);
  return wanted;
}

/** Reads the filters shared by the three calls. */
export function wareScope(ctx: RequestContext, query: WareAnalysisQuery): repo.WareScope {
  const fromDay = dayOf(query.fromDate);
  const toDay = dayOf(query.toDate);
  if (toDay < fromDay) throw bardistribError('REVERSED_DATES');
  const companyIds = companiesOf(ctx, query.id_companies);
  let shiftIds: string[] | null = null;
  if (query.shiftsSelected === 'true') {
    shiftIds = jsonParam(query.shifts ?? '[]', uuidList);
    if (!shiftIds) throw bardistribError('INVALID_SHIFTS');
  }
  return {
    companyIds,
    fromDay,
    toDay,
    // The registers' business days: a bar's pours after midnight belong to its evening.
    start: businessDayStart(fromDay),
    end: businessDayEnd(toDay),
    shiftIds,
  };
}

/** `DD/MM/YYYY HH:mm` in Paris. */
export const shiftDateLabel = (instant: Date): string => formatParis(instant, 'DD/MM/YYYY HH:mm');

export async function listShifts(
  db: Db,
  ctx: RequestContext,
  query: WareAnalysisQuery,
): Promise<BardistribShiftsResponse> {
  const scope = wareScope(ctx, { ...query, shiftsSelected: 'false' });
  if (scope.companyIds.length === 0) return { shifts: [] };
  const rows = await repo.listShifts(db, scope);
  return {
    shifts: rows.map((row) => ({
      id_shift_document: row.id,
      opening_date_label: shiftDateLabel(row.opening_date),
      closing_date_label: shiftDateLabel(row.closing_date),
      opening_date: row.opening_date.toISOString(),
      closing_date: row.closing_date.toISOString(),
      business_day: row.business_day,
      id_company: row.company_id,
      company_name: row.company_name,
      register_name: row.register_name,
    })),
  };
}

const collator = new Intl.Collator('fr');

/** Categories of wares, each with its wares: units poured in and out of shift against units sold. */
export async function wareDatas(
  db: Db,
  ctx: RequestContext,
  query: WareAnalysisQuery,
): Promise<WareDatasResponse> {
  const scope = wareScope(ctx, query);
  if (scope.companyIds.length === 0) return { rows: [] };
  const wares = await repo.listWares(db, scope.companyIds);
  if (wares.length === 0) return { rows: [] };
  const productIds = unique(wares.flatMap((w) => (w.product_id ? [w.product_id] : [])));
  const [poured, sold] = await Promise.all([
    repo.pourTotals(db, scope),
    repo.salesByProduct(db, scope, productIds),
  ]);
  const pouredByWare = new Map(poured.map((p) => [p.ware_id, p]));
  const soldByProduct = new Map(sold.map((s) => [`${s.company_id}/${s.product_id}`, s.quantity]));

  const categories = new Map<string, { wares: WareItem[]; products: Set<string> }>();
  for (const ware of wares) {
    const productKey = ware.product_id ? `${ware.company_id}/${ware.product_id}` : null;
    const wareProducts = productKey ? (soldByProduct.get(productKey) ?? 0) : 0;
    const inShift = pouredByWare.get(ware.id)?.in_shift ?? 0;
    const outShift = pouredByWare.get(ware.id)?.out_shift ?? 0;
    const category = categories.get(ware.category) ?? { wares: [], products: new Set<string>() };
    categories.set(ware.category, category);
    if (productKey) category.products.add(productKey);
    category.wares.push({
      id_ware: ware.id,
      ware_name: ware.name,
      id_company: ware.company_id,
      company_name: ware.company_name,
      product_name: ware.product_name,
      ware_products: wareProducts,
      total_in_shift: inShift,
      total_out_shift: outShift,
      total_wares: inShift + outShift,
      difference: inShift + outShift - wareProducts,
    });
  }
  const rows: WareRow[] = [...categories.entries()].map(([name, category]) => {
    // Two wares may serve the same product: its sales count once in the category.
    const totalProducts = [...category.products].reduce((sum, key) => sum + (soldByProduct.get(key) ?? 0), 0);
    const inShift = category.wares.reduce((sum, w) => sum + w.total_in_shift, 0);
    const outShift = category.wares.reduce((sum, w) => sum + w.total_out_shift, 0);
    return {
      category_ware_name: name,
      total_products: totalProducts,
      total_in_shift: inShift,
      total_out_shift: outShift,
      total_wares: inShift + outShift,
      difference: inShift + outShift - totalProducts,
      wares: category.wares.sort(
        (a, b) =>
          collator.compare(a.ware_name, b.ware_name) || collator.compare(a.company_name, b.company_name),
      ),
    };
  });
  return { rows: rows.sort((a, b) => collator.compare(a.category_ware_name, b.category_ware_name)) };
}

/**
 * One ware's pours of the period in three lists: not cashed (in shift), out of shift, cashed. A pour
 * is cashed only while its service's sales of the product cover it: the dispenser flags a pour cashed
 * when it is keyed in, so a drink refunded later (a cancelled order) would count as sold twice over.
 * Within a service the earliest pours are the cashed ones; the cashed units then equal the units sold
 * that the table shows, and the three lists add up to its row.
 */
export async function wareDetails(
  db: Db,
  ctx: RequestContext,
  query: WareDetailsQuery,
): Promise<WareDetailsResponse> {
  const scope = wareScope(ctx, query);
  const info = jsonParam(query.wareInfo, wareInfo);
  if (!info) throw bardistribError('INVALID_WARE');
  const wareId = info.id_ware.toLowerCase();
  const ware = scope.companyIds.length === 0 ? undefined : await repo.findWare(db, scope.companyIds, wareId);
  if (!ware) throw bardistribError('WARE_NOT_FOUND');
  const [pours, sold] = await Promise.all([
    repo.pourLines(db, scope, wareId),
    ware.product_id
      ? repo.salesByService(db, scope, ware.company_id, ware.product_id)
      : Promise.resolve(new Map<string, number>()),
  ]);
  const uncovered = new Map([...sold].map(([serviceId, units]) => [serviceId, Math.max(units, 0)]));
  const details: WareDetailsResponse = { wareNotCashed: [], wareOut: [], wareCash: [] };
  for (const row of pours) {
    const pour = (total: number): WarePour => ({
      ware_name: row.ware_name,
      user_name: row.user_name,
      time: row.poured_at.toISOString(),
      total,
      product_name: row.product_name,
    });
    if (!row.in_shift || row.service_id === null) {
      details.wareOut.push(pour(row.quantity));
      continue;
    }
    const left = uncovered.get(row.service_id) ?? 0;
    const cashed = row.cashed ? Math.min(row.quantity, left) : 0;
    uncovered.set(row.service_id, left - cashed);
    if (cashed > 0) details.wareCash.push(pour(cashed));
    if (row.quantity - cashed > 0) details.wareNotCashed.push(pour(row.quantity - cashed));
  }
  return details;
}
