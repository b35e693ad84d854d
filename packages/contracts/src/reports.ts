import { z } from 'zod';
import { businessDay, cents, isoDateTime } from './common';

/**
 * Reports (issue 4). Every report reads the establishments of `x-id-company` (all readable ones when
 * absent) over the business days `x-date-begin`..`x-date-end` (spec 1 §7 headers); the activity-type
 * filter travels in the query: 1 on site, 2 takeaway, 3 delivery, several separated by commas.
 */
export const reportQuery = z.object({
  /** `1`, `1,2`...; absent means every activity type. */
  activity: z
    .string()
    .regex(/^[123](,[123])*$/)
    .optional(),
});
export type ReportQuery = z.infer<typeof reportQuery>;

/** The figures every breakdown row and period carries; amounts in cents. */
export const reportFigures = z.object({
  orders: z.number().int(),
  covers: z.number().int(),
  quantity: z.number().int(),
  turnoverIvat: cents,
  turnoverEvat: cents,
  tax: cents,
  discount: cents,
  offered: cents,
});
export type ReportFigures = z.infer<typeof reportFigures>;

export const reportPeriod = z.object({ begin: businessDay, end: businessDay });
export type ReportPeriod = z.infer<typeof reportPeriod>;

export const breakdownRow = reportFigures.extend({ key: z.string(), label: z.string() });
export type BreakdownRow = z.infer<typeof breakdownRow>;

export const granularity = z.enum(['day', 'week', 'month']);
export type Granularity = z.infer<typeof granularity>;

export const salesAnalysisQuery = reportQuery.extend({ granularity: granularity.optional() });

/** `GET /api/reports/sales-analysis`. */
export const salesAnalysisResponse = z.object({
  period: reportPeriod,
  /** The period of the same length just before, for the comparisons. */
  previousPeriod: reportPeriod,
  current: reportFigures,
  previous: reportFigures,
  /** Day, week (starting Monday) or month buckets; `granularity` defaults from the period's length. */
  granularity,
  series: z.array(reportFigures.extend({ bucket: businessDay })),
  breakdowns: z.object({
    category: z.array(breakdownRow),
    product: z.array(breakdownRow),
    hour: z.array(breakdownRow),
    paymentType: z.array(breakdownRow),
    vatRate: z.array(breakdownRow),
    staff: z.array(breakdownRow),
    room: z.array(breakdownRow),
    activityType: z.array(breakdownRow),
  }),
});
export type SalesAnalysis = z.infer<typeof salesAnalysisResponse>;

/** `GET /api/reports/shift-details`: each service (shift) per register, newest first. */
export const shiftDetail = z.object({
  id: z.uuid(),
  companyId: z.uuid(),
  companyName: z.string(),
  registerId: z.uuid(),
  registerName: z.string(),
  number: z.number().int(),
  businessDay,
  openingDate: isoDateTime,
  closingDate: isoDateTime,
  openedBy: z.string(),
  closedBy: z.string(),
  orders: z.number().int(),
  covers: z.number().int(),
  turnoverIvat: cents,
  turnoverEvat: cents,
  cashFloat: cents,
  expectedCash: cents,
  countedCash: cents,
  /** counted - expected: negative when cash is missing. */
  cashDifference: cents,
  payments: z.array(z.object({ paymentTypeId: z.string(), label: z.string(), amount: cents })),
  cashMovements: z.array(
    z.object({ id: z.uuid(), at: isoDateTime, amount: cents, notice: z.string(), user: z.string() }),
  ),
});
export type ShiftDetail = z.infer<typeof shiftDetail>;
/** Shifts come a page at a time, newest first: a year of three establishments holds thousands. */
export const SHIFT_PAGE_SIZE_MAX = 500;
export const shiftDetailsQuery = reportQuery.extend({
  /** 1-based; a page past the end answers no shift (and the total). */
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(SHIFT_PAGE_SIZE_MAX).default(10),
});
export type ShiftDetailsQuery = z.infer<typeof shiftDetailsQuery>;

/** Sums over every shift of the period, not only the page's. */
export const shiftTotals = z.object({
  turnoverIvat: cents,
  turnoverEvat: cents,
  expectedCash: cents,
  countedCash: cents,
  cashDifference: cents,
});
export const shiftDetailsResponse = z.object({
  period: reportPeriod,
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Shifts in the whole period. */
  total: z.number().int(),
  totals: shiftTotals,
  shifts: z.array(shiftDetail),
});
export type ShiftDetails = z.infer<typeof shiftDetailsResponse>;

/** `GET /api/reports/weekday-details`: weekday (1 Monday .. 7 Sunday) x hour (0..23). */
export const weekdayDetailsResponse = z.object({
  period: reportPeriod,
  cells: z.array(
    z.object({
      weekday: z.number().int().min(1).max(7),
      hour: z.number().int().min(0).max(23),
      turnoverIvat: cents,
      orders: z.number().int(),
    }),
  ),
  /** Per weekday: totals, how many such days the period holds, and the averages per day. */
  weekdays: z.array(
    z.object({
      weekday: z.number().int().min(1).max(7),
      days: z.number().int(),
      turnoverIvat: cents,
      orders: z.number().int(),
      covers: z.number().int(),
      averageTurnoverIvat: cents,
      averageOrders: z.number(),
    }),
  ),
});
export type WeekdayDetails = z.infer<typeof weekdayDetailsResponse>;

/** `GET /api/reports/control-strip?serviceId=`: the shift's shift and sales documents in order. */
export const controlStripQuery = z.object({ serviceId: z.uuid() });
export const controlStripDocument = z.object({
  /** The document's own id; `id_control_strip` is the strip's, shared by the shift's documents. */
  id: z.uuid(),
  id_control_strip: z.uuid(),
  time: isoDateTime,
  document_type: z.enum(['shift', 'sales']),
  document_name: z.string(),
  action: z.string(),
  description: z.string(),
  device: z.string(),
  user: z.string(),
});
export const controlStripResponse = z.object({
  service: z.object({
    id: z.uuid(),
    number: z.number().int(),
    businessDay,
    registerName: z.string(),
    companyName: z.string(),
  }),
  documents: z.array(controlStripDocument),
});
export type ControlStrip = z.infer<typeof controlStripResponse>;

export const defaultPeriod = z.enum([
  'today',
  'yesterday',
  'last7days',
  'last30days',
  'currentMonth',
  'previousMonth',
  'currentYear',
]);
export type DefaultPeriod = z.infer<typeof defaultPeriod>;

/** `GET`/`PUT /api/reports/settings`: the user's report preferences, kept on the server. */
export const reportSettings = z.object({
  dayStartHour: z.number().int().min(0).max(23),
  amountsInclVat: z.boolean(),
  defaultPeriod,
  /** Empty: all readable establishments. */
  defaultCompanyIds: z.array(z.uuid()),
});
export type ReportSettings = z.infer<typeof reportSettings>;

/**
 * Refusals of the report routes (besides the guard's): a period over 366 days, a service the caller
 * may not read (or that does not exist), settings saved by support staff outside a customer account.
 */
export const reportsErrorCode = z.enum(['PERIOD_TOO_LONG', 'SERVICE_NOT_FOUND', 'ACCOUNT_REQUIRED']);
export type ReportsErrorCode = z.infer<typeof reportsErrorCode>;

/** The longest period a report covers, in days. */
export const REPORT_MAX_DAYS = 366;
