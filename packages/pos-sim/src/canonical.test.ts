import { describe, expect, it } from 'vitest';
import { canonicalize } from '@comptoir/fiscal';
import { simulateBatches } from './index';

/**
 * Another plain definition of canonical JSON (fiscal's tests keep the first one), good for data with
 * integers only and no integer-like keys (objects list those first): a copy with keys sorted by UTF-16
 * code unit and undefined members dropped, then `JSON.stringify`.
 */
function sortedCopy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedCopy);
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(object).sort()) {
    if (object[key] !== undefined) out[key] = sortedCopy(object[key]);
  }
  return out;
}

describe('the fiscal encoder on simulated records', () => {
  it('gives the plain definition’s text for every record of a simulated week', () => {
    const registerId = '11111111-1111-4111-8111-111111111111';
    let count = 0;
    for (const { batch } of simulateBatches({ endDay: '2026-03-14', days: 7, seed: 3 })) {
      for (const record of batch.records) {
        // The envelope `encodeRecord` signs (v1), without its domain line.
        const envelope = { ...record, sig: undefined, register: registerId };
        expect(canonicalize(envelope)).toBe(JSON.stringify(sortedCopy(envelope)));
        count += 1;
      }
    }
    expect(count).toBeGreaterThan(2_000);
  });
});
