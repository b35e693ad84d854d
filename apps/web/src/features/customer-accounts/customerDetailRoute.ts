import { customerAccountDetailParams } from '@comptoir/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The path segment of `customer-account/{id}` (spec 3 §2): one uniq_id_customer or several joined by
 * commas; null when it is anything else.
 */
export function customerDetailIds(segment: string | undefined): string | null {
  if (!segment) return null;
  const ids = segment
    .split(',')
    .map((part) => part.trim())
    .join(',');
  return customerAccountDetailParams.safeParse({ ids }).success ? ids : null;
}

/** The optional `?id=` company; an unreadable value is ignored (every establishment). */
export function customerDetailCompany(value: string | null): string | null {
  return value && UUID.test(value) ? value.toLowerCase() : null;
}
