import { describe, expect, it } from 'vitest';
import { storedTab, tabAfterKey, tabStorageKey } from './tabSelection';

const SERVICE_TABS = ['orders', 'history', 'strip', 'fullHistory', 'movements', 'credits', 'interventions'];

describe('detail screen tabs', () => {
  it('opens the service on its 4th tab, Historique Complet, by default', () => {
    expect(storedTab({ getItem: () => null }, 'services', SERVICE_TABS, 'fullHistory')).toBe('fullHistory');
  });

  it('reopens the tab kept in the session, per screen', () => {
    const storage = { getItem: (key: string) => (key === tabStorageKey('services') ? 'credits' : null) };
    expect(storedTab(storage, 'services', SERVICE_TABS, 'fullHistory')).toBe('credits');
    expect(storedTab(storage, 'commandes', ['history', 'lines'], 'history')).toBe('history');
  });

  it('ignores a kept tab the screen no longer has', () => {
    expect(storedTab({ getItem: () => 'gone' }, 'services', SERVICE_TABS, 'fullHistory')).toBe('fullHistory');
  });

  it('moves with the arrow keys, wrapping round, and jumps with Home and End', () => {
    expect(tabAfterKey('ArrowRight', SERVICE_TABS, 'interventions')).toBe('orders');
    expect(tabAfterKey('ArrowLeft', SERVICE_TABS, 'orders')).toBe('interventions');
    expect(tabAfterKey('Home', SERVICE_TABS, 'strip')).toBe('orders');
    expect(tabAfterKey('End', SERVICE_TABS, 'strip')).toBe('interventions');
    expect(tabAfterKey('Enter', SERVICE_TABS, 'strip')).toBeNull();
  });
});
