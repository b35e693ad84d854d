import { describe, expect, it } from 'vitest';
import { dunningBatches, dunningOutcomes } from './customerDunningRules';

describe('dunning rules', () => {
  it('sends a selection of 60 customers in requests of 25, 25 and 10, in order', () => {
    const ids = Array.from({ length: 60 }, (_, index) => `c${index}`);
    const batches = dunningBatches(ids);
    expect(batches.map((batch) => batch.length)).toEqual([25, 25, 10]);
    expect(batches.flat()).toEqual(ids);
    expect(dunningBatches([])).toEqual([]);
  });

  it('sorts the answers into sent, no e-mail, nothing owed and failed', () => {
    const base = { owed: 1200, notes: 2 };
    expect(
      dunningOutcomes([
        { ...base, customerId: 'a', status: 'sent' },
        { ...base, customerId: 'b', status: 'skipped', reason: 'NO_EMAIL' },
        { ...base, customerId: 'c', status: 'skipped', reason: 'NOTHING_OWED' },
        { ...base, customerId: 'd', status: 'failed', reason: 'MAIL_FAILED' },
        { ...base, customerId: 'e', status: 'sent' },
      ]),
    ).toEqual({ sent: ['a', 'e'], NO_EMAIL: ['b'], NOTHING_OWED: ['c'], failed: ['d'] });
  });
});
