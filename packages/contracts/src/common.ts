import { z } from 'zod';
import { isCalendarDay } from './clock';

/** Money is integer cents, never floats. */
export const cents = z.number().int().safe();
/** A VAT rate in basis points: 550 = 5.5 %, 1000 = 10 %, 2000 = 20 %. */
export const vatRateBp = z.number().int().min(0).max(10000);
export const isoDateTime = z.iso.datetime({ offset: true });
/** A business day in Europe/Paris, `YYYY-MM-DD`, a day the database can hold (no year 0). */
export const businessDay = z.iso.date().refine(isCalendarDay, 'Invalid date');
export const id = z.uuid();
/** An integer the database keeps in an `integer` (32-bit) column. */
export const int32 = z.number().int().min(-2_147_483_648).max(2_147_483_647);

export const errorResponse = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
