import { parisDayOf } from '@comptoir/contracts';
import type {
  BreakdownRow,
  ControlStrip,
  Granularity,
  ReportFigures,
  ReportSettings,
  SalesAnalysis,
  ShiftDetails,
  WeekdayDetails,
} from '@comptoir/contracts';
import type { Db } from '../../db/database';
import { assertCompanyReadable, NO_ACCOUNT_ID } from '../../platform/auth-guard';
import type { RequestContext } from '../../platform/request-context';
import { reportsError } from './reports.errors';
import {
  bucketOf,
  defaultGranularity,
  parseActivityFilter,
  previousPeriod,
  resolveReportPeriod,
  splitIntoMonths,
  weekdayCounts,
} from './reports.period';
import * as repo from './reports.repository';
import type { RollupScope, RollupSums } from './reports.repository';

export interface ReportRequest {
  activity?: string | undefined;
}

/** The period of the headers, and the rollups it reads: selected companies, days, activity types. */
function reportScope(ctx: RequestContext, query: ReportRequest, now: Date) {
  const today = parisDayOf(now);
  const period = resolveReportPeriod(ctx.period, today);
  const scope: RollupScope = {
    companyIds: ctx.selectedCompanyIds,
    begin: period.begin,
    end: period.end,
    activityTypes: parseActivityFilter(query.activity),
  };
  return { today, period, scope };
}

const zeroFigures = (): ReportFigures => ({
  orders: 0,
  covers: 0,
  quantity: 0,
  turnoverIvat: 0,
  turnoverEvat: 0,
  tax: 0,
  discount: 0,
  offered: 0,
});

function figuresOf(sums: RollupSums): ReportFigures {
  return {
    orders: sums.orders,
    covers: sums.covers,
    quantity: sums.quantity,
    turnoverIvat: sums.amount_ivat,
    turnoverEvat: sums.amount_evat,
    tax: sums.amount_tax,
    discount: sums.discount,
    offered: sums.offered,
  };
}

function addFigures(target: ReportFigures, sums: RollupSums): void {
  target.orders += sums.orders;
  target.covers += sums.covers;
  target.quantity += sums.quantity;
  target.turnoverIvat += sums.amount_ivat;
  target.turnoverEvat += sums.amount_evat;
  target.tax += sums.amount_tax;
  target.discount += sums.discount;
  target.offered += sums.offered;
}

type BreakdownName = keyof SalesAnalysis['breakdowns'];

const breakdownOfDimension: Record<(typeof repo.BREAKDOWN_DIMENSIONS)[number], BreakdownName> = {
  category: 'category',
  product: 'product',
  hour: 'hour',
  payment_type: 'paymentType',
  vat_rate: 'vatRate',
  staff: 'staff',
  room: 'room',
  activity_type: 'activityType',
};

const byTurnoverDesc = (a: BreakdownRow, b: BreakdownRow) =>
  b.turnoverIvat - a.turnoverIvat || a.label.localeCompare(b.label, 'fr');
const byKey = (a: BreakdownRow, b: BreakdownRow) => a.key.localeCompare(b.key);
const byNumericKey = (a: BreakdownRow, b: BreakdownRow) => Number(a.key) - Number(b.key);

/** Hours, VAT rates and activity types read in their own order; the rest by turnover, largest first. */
const breakdownOrder: Record<BreakdownName, (a: BreakdownRow, b: BreakdownRow) => number> = {
  category: byTurnoverDesc,
  product: byTurnoverDesc,
  hour: byKey,
  paymentType: byTurnoverDesc,
  vatRate: byNumericKey,
  staff: byTurnoverDesc,
  room: byTurnoverDesc,
  activityType: byNumericKey,
};

/**
 * Sales analysis from the rollups: the period and the one just before it and the series by day,
 * week or month from the daily totals; every breakdown from the monthly and daily rollups. All
 * summed over the selected companies, days and activity types by SQL.
 */
export async function salesAnalysis(
  db: Db,
  ctx: RequestContext,
  query: ReportRequest & { granularity?: Granularity | undefined },
  now = new Date(),
): Promise<SalesAnalysis> {
  const { today, period, scope } = reportScope(ctx, query, now);
  const previous = previousPeriod(period);
  const granularity = query.granularity ?? defaultGranularity(period);
  const [days, breakdownRows] = await Promise.all([
    repo.totalsByDay(db, { ...scope, begin: previous.begin }),
    repo.breakdownRows(db, scope, splitIntoMonths(period, today)),
  ]);

  const current = zeroFigures();
  const previousFigures = zeroFigures();
  const buckets = new Map<string, ReportFigures & { bucket: string }>();
  for (const day of days) {
    if (day.business_day < period.begin) {
      addFigures(previousFigures, day);
      continue;
    }
    addFigures(current, day);
    const bucket = bucketOf(day.business_day, granularity);
    let figures = buckets.get(bucket);
    if (!figures) {
      figures = { bucket, ...zeroFigures() };
      buckets.set(bucket, figures);
    }
    addFigures(figures, day);
  }

  const breakdowns: SalesAnalysis['breakdowns'] = {
    category: [],
    product: [],
    hour: [],
    paymentType: [],
    vatRate: [],
    staff: [],
    room: [],
    activityType: [],
  };
  for (const row of breakdownRows) {
    const name = breakdownOfDimension[row.dimension as keyof typeof breakdownOfDimension];
    breakdowns[name].push({ key: row.key, label: row.label, ...figuresOf(row) });
  }
  for (const name of Object.keys(breakdowns) as BreakdownName[]) breakdowns[name].sort(breakdownOrder[name]);

  return {
    period,
    previousPeriod: previous,
    current,
    previous: previousFigures,
    granularity,
    series: [...buckets.values()].sort((a, b) => a.bucket.localeCompare(b.bucket)),
    breakdowns,
  };
}

/** Weekday x hour turnover and orders, and per weekday the totals and the averages per such day. */
export async function weekdayDetails(
  db: Db,
  ctx: RequestContext,
  query: ReportRequest,
  now = new Date(),
): Promise<WeekdayDetails> {
  const { period, scope } = reportScope(ctx, query, now);
  const rows = await repo.weekdayRows(db, scope);
  const counts = weekdayCounts(period);
  const weekdays = counts.map((days, i) => ({
    weekday: i + 1,
    days,
    turnoverIvat: 0,
    orders: 0,
    covers: 0,
    averageTurnoverIvat: 0,
    averageOrders: 0,
  }));
  const cells: WeekdayDetails['cells'] = [];
  for (const row of rows) {
    if (row.dimension === 'hour') {
      cells.push({
        weekday: row.weekday,
        hour: Number(row.key),
        turnoverIvat: row.amount_ivat,
        orders: row.orders,
      });
      continue;
    }
    const weekday = weekdays[row.weekday - 1]!;
    weekday.turnoverIvat += row.amount_ivat;
    weekday.orders += row.orders;
    weekday.covers += row.covers;
  }
  for (const weekday of weekdays) {
    if (weekday.days === 0) continue;
    weekday.averageTurnoverIvat = Math.round(weekday.turnoverIvat / weekday.days);
    weekday.averageOrders = Math.round((weekday.orders / weekday.days) * 100) / 100;
  }
  cells.sort((a, b) => a.weekday - b.weekday || a.hour - b.hour);
  return { period, cells, weekdays };
}

const fullName = (firstname: string, lastname: string) => `${firstname} ${lastname}`;

/**
 * Every service (shift) of the period, newest first, with its totals as the register closed it,
 * its orders and covers (service rollup) and its cash movements. Shifts are not split by
 * activity type: the filter is accepted and has no effect here.
 */
export async function shiftDetails(
  db: Db,
  ctx: RequestContext,
  query: ReportRequest & { page: number; pageSize: number },
  now = new Date(),
): Promise<ShiftDetails> {
  const { period, scope } = reportScope(ctx, query, now);
  const companyIds = ctx.selectedCompanyIds;
  const { page, pageSize } = query;
  const [totals, services, names] = await Promise.all([
    repo.serviceTotals(db, companyIds, period.begin, period.end),
    repo.listServices(db, companyIds, {
      ...period,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    }),
    repo.registerAndCompanyNames(db, companyIds),
  ]);
  const serviceIds = services.map((s) => s.id);
  const [orders, movements] = await Promise.all([
    repo.ordersByService(db, { ...scope, activityTypes: null }, serviceIds),
    repo.listCashMovements(db, serviceIds),
  ]);
  const movementsByService = new Map<string, ShiftDetails['shifts'][number]['cashMovements']>();
  for (const m of movements) {
    let list = movementsByService.get(m.serviceId);
    if (!list) {
      list = [];
      movementsByService.set(m.serviceId, list);
    }
    list.push({ id: m.id, at: m.at.toISOString(), amount: m.amount, notice: m.notice, user: m.user });
  }
  return {
    period,
    page,
    pageSize,
    total: totals.count,
    totals: {
      turnoverIvat: totals.turnoverIvat,
      turnoverEvat: totals.turnoverEvat,
      expectedCash: totals.expectedCash,
      countedCash: totals.countedCash,
      cashDifference: totals.countedCash - totals.expectedCash,
    },
    shifts: services.map((s) => {
      const counted = orders.get(s.id);
      return {
        id: s.id,
        companyId: s.companyId,
        companyName: names.companies.get(s.companyId) ?? '',
        registerId: s.registerId,
        registerName: names.registers.get(s.registerId) ?? '',
        number: s.number,
        businessDay: s.businessDay,
        openingDate: s.openingDate.toISOString(),
        closingDate: s.closingDate.toISOString(),
        openedBy: s.openedBy,
        closedBy: s.closedBy,
        orders: counted?.orders ?? 0,
        covers: counted?.covers ?? 0,
        turnoverIvat: s.turnoverIvat,
        turnoverEvat: s.turnoverEvat,
        cashFloat: s.cashFloat,
        expectedCash: s.expectedCash,
        countedCash: s.countedCash,
        cashDifference: s.countedCash - s.expectedCash,
        payments: s.payments.map((p) => ({
          paymentTypeId: p.paymentTypeId,
          label: p.paymentName,
          amount: p.amount,
        })),
        cashMovements: movementsByService.get(s.id) ?? [],
      };
    }),
  };
}

/** The shift's documents in time order; 404 SERVICE_NOT_FOUND unless one of the caller's companies holds it. */
export async function controlStrip(db: Db, ctx: RequestContext, serviceId: string): Promise<ControlStrip> {
  const service = await repo.findService(db, serviceId, ctx.companyIds);
  if (!service) throw reportsError('SERVICE_NOT_FOUND');
  const documents = await repo.listControlStripDocuments(db, service.id, service.company_id);
  return {
    service: {
      id: service.id,
      number: service.number,
      businessDay: service.business_day,
      registerName: service.register_name,
      companyName: service.company_name,
    },
    documents: documents.map((d) => ({
      id: d.id,
      id_control_strip: d.id_control_strip,
      time: d.at.toISOString(),
      document_type: d.document_type,
      document_name: d.document_name,
      action: d.action,
      description: d.description,
      device: d.device_id,
      user: fullName(d.user_firstname, d.user_lastname),
    })),
  };
}

export const DEFAULT_REPORT_SETTINGS: ReportSettings = {
  dayStartHour: 5,
  amountsInclVat: true,
  defaultPeriod: 'last7days',
  defaultCompanyIds: [],
};

/** The caller's report preferences, the defaults when none are saved; establishments no longer readable are left out. */
export async function getReportSettings(db: Db, ctx: RequestContext): Promise<ReportSettings> {
  const row = await repo.findReportSettings(db, ctx.userId);
  if (!row) return { ...DEFAULT_REPORT_SETTINGS, defaultCompanyIds: [] };
  return {
    dayStartHour: row.day_start_hour,
    amountsInclVat: row.amounts_incl_vat,
    defaultPeriod: row.default_period,
    defaultCompanyIds: row.default_company_ids.filter((id) => ctx.companyIds.includes(id)),
  };
}

/**
 * Saves the caller's preferences; 403 COMPANY_FORBIDDEN for a default establishment it may not
 * read, ACCOUNT_REQUIRED for support staff in their own session (they belong to no account).
 */
export async function saveReportSettings(
  db: Db,
  ctx: RequestContext,
  settings: ReportSettings,
): Promise<ReportSettings> {
  if (ctx.accountId === NO_ACCOUNT_ID) throw reportsError('ACCOUNT_REQUIRED');
  const companyIds = [...new Set(settings.defaultCompanyIds.map((id) => id.toLowerCase()))];
  for (const companyId of companyIds) assertCompanyReadable(ctx, companyId);
  await repo.upsertReportSettings(db, {
    user_id: ctx.userId,
    account_id: ctx.accountId,
    day_start_hour: settings.dayStartHour,
    amounts_incl_vat: settings.amountsInclVat,
    default_period: settings.defaultPeriod,
    default_company_ids: companyIds,
  });
  return { ...settings, defaultCompanyIds: companyIds };
}
