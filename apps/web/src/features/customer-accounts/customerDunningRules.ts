import { CUSTOMER_DUNNING_MAX_CUSTOMERS, type CustomerDunningResult } from '@comptoir/contracts';

/** The selection sent in requests the server takes (25 customers at most each), in order. */
export function dunningBatches(customerIds: readonly string[]): string[][] {
  const batches: string[][] = [];
  for (let start = 0; start < customerIds.length; start += CUSTOMER_DUNNING_MAX_CUSTOMERS)
    batches.push(customerIds.slice(start, start + CUSTOMER_DUNNING_MAX_CUSTOMERS));
  return batches;
}

export const DUNNING_OUTCOMES = ['sent', 'NO_EMAIL', 'NOTHING_OWED', 'failed'] as const;
export type DunningOutcome = (typeof DUNNING_OUTCOMES)[number];

/** The summary's groups: sent, skipped for want of an e-mail, skipped as owing nothing, failed. */
export function dunningOutcomes(results: readonly CustomerDunningResult[]): Record<DunningOutcome, string[]> {
  const groups: Record<DunningOutcome, string[]> = { sent: [], NO_EMAIL: [], NOTHING_OWED: [], failed: [] };
  for (const result of results) {
    if (result.status === 'sent') groups.sent.push(result.customerId);
    else if (result.status === 'failed') groups.failed.push(result.customerId);
    else groups[result.reason === 'NO_EMAIL' ? 'NO_EMAIL' : 'NOTHING_OWED'].push(result.customerId);
  }
  return groups;
}
