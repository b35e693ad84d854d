import { z } from 'zod';
import { businessDay, cents, id, isoDateTime, vatRateBp } from './common';
import { countDays } from './clock';
import { withFiscalPeriod } from './fiscal-period';

/**
 * Server closures (issue 6 part 1): per establishment, a daily (1), monthly (3) and annual (5)
 * closure computed and signed by the server from the registers' daily closures, chained per company.
 * Amounts in integer cents; days `YYYY-MM-DD` (Europe/Paris business days).
 */

/** Error codes of the server closures read API: INVALID_PERIOD (400, startDate after endDate). */
export const serverClosuresErrorCode = z.enum(['INVALID_PERIOD']);
export type ServerClosuresErrorCode = z.infer<typeof serverClosuresErrorCode>;

/**
 * `GET /api/administration-fiscale/server-closures?startDate=&endDate=&type=`: periods meeting the
 * range (under the fiscal period rule, `withFiscalPeriod`).
 */
export const serverClosureListQuery = withFiscalPeriod(
  z.object({
    startDate: businessDay,
    endDate: businessDay,
    /** 1 daily, 3 monthly, 5 annual; every type when absent. */
    type: z.coerce
      .number()
      .int()
      .refine((t) => t === 1 || t === 3 || t === 5, { message: 'type is 1, 3 or 5' })
      .optional(),
  }),
);
export type ServerClosureListQuery = z.infer<typeof serverClosureListQuery>;

export const serverClosurePayment = z.object({
  paymentTypeId: z.string(),
  paymentName: z.string(),
  amount: cents,
  overpayment: cents,
  credit: cents,
});

export const serverClosureTax = z.object({
  vatRateBp,
  evat: cents,
  tax: cents,
  ivat: cents,
});

export const serverClosure = z.object({
  id,
  companyId: id,
  companyName: z.string(),
  type: z.union([z.literal(1), z.literal(3), z.literal(5)]),
  startDay: businessDay,
  endDay: businessDay,
  openingDate: isoDateTime.nullable(),
  closingDate: isoDateTime.nullable(),
  amountTotalIvat: cents,
  amountTotalEvat: cents,
  amountTax: cents,
  amountDiscountIvat: cents,
  amountOfferedIvat: cents,
  amountTotalWoDiscountIvat: cents,
  amountPaymentShift: cents,
  /** Perpetual grand total of this type in this establishment, this period included. */
  grandTotalIvat: cents,
  payments: z.array(serverClosurePayment),
  taxes: z.array(serverClosureTax),
  servicesCount: z.number().int(),
  /** Position in the establishment's server-closure chain (1, 2, 3... over all types). */
  seq: z.number().int(),
  /**
   * A daily closure's number among the establishment's daily closures (`Z1` for its first business
   * day): the piece (PieceRef) of the day's accounting entries. Null for monthly and annual ones.
   */
  dailyNumber: z.string().nullable(),
  sig: z.string(),
  createdAt: isoDateTime,
});
export type ServerClosure = z.infer<typeof serverClosure>;

export const serverClosureListResponse = z.object({ closures: z.array(serverClosure) });
export type ServerClosureListResponse = z.infer<typeof serverClosureListResponse>;

/**
 * The establishment's daily closure number of `day` (`Z1` for `firstDay`, its first business day):
 * its daily server closures are made for every day in order, one per day (issue 30, defect 10).
 */
export function establishmentClosureNumber(firstDay: string, day: string): string {
  return `Z${countDays(firstDay, day)}`;
}
