import { z } from 'zod';
import { businessDay, id, isoDateTime } from './common';

/**
 * Ware analysis ("Rapport d'analyse Bardistrib", issue 4 part 2): a drink dispenser (draught taps,
 * spirit pourers) counts what it pours; each ware is a dispensing program linked to a product of the
 * till, so pours can be set against sales.
 */

// Ingestion: `POST /pos/v1/dispensers/counts?registerId=` with `Authorization: Register <token>`.

/** The register the dispenser is paired with: its token authenticates the dispenser. */
export const dispenserCountsQuery = z.object({ registerId: id });
export type DispenserCountsQuery = z.infer<typeof dispenserCountsQuery>;

/** A ware (dispensing program), upserted by id; it belongs to the register's establishment. */
export const dispenserWare = z.object({
  id,
  name: z.string().trim().min(1).max(120),
  /** The category the report groups by, e.g. `Bières pression`. */
  category: z.string().trim().min(1).max(80),
  /** The till's product sold for one pour; null for a ware not sold on its own. */
  productId: id.nullable(),
});
export type DispenserWare = z.infer<typeof dispenserWare>;

/**
 * One pour. Its id is the dispenser's own counter, unique across dispensers (a replayed pour with
 * the same id is a duplicate). `serviceId` is the register service open when it was poured (null:
 * out of shift); `cashed` says a sale of that service matched it.
 */
export const dispenserPour = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  wareId: id,
  serviceId: id.nullable(),
  userName: z.string().trim().max(160).nullable(),
  pouredAt: isoDateTime,
  quantity: z.number().int().positive().max(1000),
  cashed: z.boolean(),
});
export type DispenserPour = z.infer<typeof dispenserPour>;

/** Stored whole or not at all; wares come before the pours that use them (or were sent before). */
export const dispenserCountsRequest = z.object({
  wares: z.array(dispenserWare).max(1000),
  pours: z.array(dispenserPour).max(50_000),
});
export type DispenserCountsRequest = z.infer<typeof dispenserCountsRequest>;

export const dispenserCountsResponse = z.object({
  wares: z.number().int(),
  accepted: z.number().int(),
  /** Pours already stored with the same id, establishment, ware, time and quantity. */
  duplicates: z.number().int(),
});
export type DispenserCountsResponse = z.infer<typeof dispenserCountsResponse>;

// Reading: `GET /api/bardistrib/...` (spec 3 §7 "Ware analysis").

/**
 * The filters of the three calls, as the portal sends them. `fromDate` and `toDate` are business days
 * (`YYYY-MM-DD`, a time after it is ignored); a business day runs from 05:00 to 05:00 the next day,
 * Paris time, so a bar's night belongs to its evening. `id_companies` is a JSON array of company ids
 * (empty or absent: every readable establishment). `shifts` is a JSON array of service ids, used when
 * `shiftsSelected` is `true`: sales and in-shift pours are then those of these services, while pours
 * out of shift, which belong to no service, stay counted over the period.
 */
export const wareAnalysisQuery = z.object({
  fromDate: z.string().trim().max(40),
  toDate: z.string().trim().max(40),
  id_companies: z.string().trim().max(10_000).optional(),
  shifts: z.string().trim().max(200_000).optional(),
  shiftsSelected: z.string().trim().max(10).optional(),
});
export type WareAnalysisQuery = z.infer<typeof wareAnalysisQuery>;

/** `wareInfo`: the ware row as the table gives it (JSON); only `id_ware` is read. */
export const wareDetailsQuery = wareAnalysisQuery.extend({ wareInfo: z.string().trim().max(2_000) });
export type WareDetailsQuery = z.infer<typeof wareDetailsQuery>;

export const wareInfo = z.object({ id_ware: id });
export type WareInfo = z.infer<typeof wareInfo>;

/**
 * A shift (a register's service) of the period, in the establishments that have wares (the others
 * have nothing to analyse); labels are `DD/MM/YYYY HH:mm`, Paris time.
 */
export const bardistribShift = z.object({
  id_shift_document: id,
  opening_date_label: z.string(),
  closing_date_label: z.string(),
  opening_date: isoDateTime,
  closing_date: isoDateTime,
  business_day: businessDay,
  id_company: id,
  company_name: z.string(),
  register_name: z.string(),
});
export type BardistribShift = z.infer<typeof bardistribShift>;

export const bardistribShiftsResponse = z.object({ shifts: z.array(bardistribShift) });
export type BardistribShiftsResponse = z.infer<typeof bardistribShiftsResponse>;

/** Quantities (units poured or sold) of one ware or of a whole category. */
const wareFigures = {
  total_in_shift: z.number().int(),
  total_out_shift: z.number().int(),
  /** In shift + out of shift. */
  total_wares: z.number().int(),
  /** Poured − sold: positive when more was poured than sold. */
  difference: z.number().int(),
};

export const wareItem = z.object({
  id_ware: id,
  ware_name: z.string(),
  id_company: id,
  company_name: z.string(),
  product_name: z.string().nullable(),
  /** Sold quantity of the ware's product. */
  ware_products: z.number().int(),
  ...wareFigures,
});
export type WareItem = z.infer<typeof wareItem>;

export const wareRow = z.object({
  category_ware_name: z.string(),
  /** Sold quantity of the products linked to the category's wares. */
  total_products: z.number().int(),
  ...wareFigures,
  wares: z.array(wareItem),
});
export type WareRow = z.infer<typeof wareRow>;

export const wareDatasResponse = z.object({ rows: z.array(wareRow) });
export type WareDatasResponse = z.infer<typeof wareDatasResponse>;

export const warePour = z.object({
  ware_name: z.string(),
  user_name: z.string().nullable(),
  /** When it was poured. */
  time: isoDateTime,
  /** Units poured. */
  total: z.number().int(),
  product_name: z.string().nullable(),
});
export type WarePour = z.infer<typeof warePour>;

/** The ware's pours of the period, oldest first: not cashed (in shift), out of shift, cashed. */
export const wareDetailsResponse = z.object({
  wareNotCashed: z.array(warePour),
  wareOut: z.array(warePour),
  wareCash: z.array(warePour),
});
export type WareDetailsResponse = z.infer<typeof wareDetailsResponse>;

export const bardistribErrorCode = z.enum([
  'INVALID_DATE',
  /** Before FISCAL_PERIOD_FIRST_DAY or after 31 December of the current year, as the fiscal reads. */
  'DATE_OUT_OF_RANGE',
  'REVERSED_DATES',
  'INVALID_COMPANIES',
  'INVALID_SHIFTS',
  'INVALID_WARE',
  'WARE_NOT_FOUND',
  'UNKNOWN_WARE',
  'UNKNOWN_PRODUCT',
  'FOREIGN_REFERENCE',
  'CASHED_OUT_OF_SHIFT',
  'POUR_CONFLICT',
]);
export type BardistribErrorCode = z.infer<typeof bardistribErrorCode>;
