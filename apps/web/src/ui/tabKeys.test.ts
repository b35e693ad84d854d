import { describe, expect, it } from 'vitest';
import { tabAfterKey } from './tabKeys';

const SERVICE_TABS = ['orders', 'history', 'strip', 'fullHistory', 'movements', 'credits', 'interventions'];

describe('tab keys', () => {
  it('moves with the arrow keys, wrapping round, and jumps with Home and End', () => {
    expect(tabAfterKey('ArrowRight', SERVICE_TABS, 'interventions')).toBe('orders');
    expect(tabAfterKey('ArrowLeft', SERVICE_TABS, 'orders')).toBe('interventions');
    expect(tabAfterKey('Home', SERVICE_TABS, 'strip')).toBe('orders');
    expect(tabAfterKey('End', SERVICE_TABS, 'strip')).toBe('interventions');
    expect(tabAfterKey('Enter', SERVICE_TABS, 'strip')).toBeNull();
  });
});
