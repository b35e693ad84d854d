import { describe, expect, it } from 'vitest';
import { formatInteger, formatPercentChange } from './numbers';

describe('numbers', () => {
  it('groups thousands with a space', () => {
    expect(formatInteger(1234567)).toBe('1 234 567');
    expect(formatInteger(-1234)).toBe('-1 234');
  });

  it('writes a change as a signed percentage with a dot decimal, none without a base', () => {
    expect(formatPercentChange(112_30, 100_00)).toBe('+12.3 %');
    expect(formatPercentChange(90_00, 100_00)).toBe('-10.0 %');
    expect(formatPercentChange(100_00, 100_00)).toBe('0.0 %');
    expect(formatPercentChange(100_00, 0)).toBeNull();
  });
});
