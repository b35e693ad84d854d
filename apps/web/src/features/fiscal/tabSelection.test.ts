import { describe, expect, it } from 'vitest';
import { storedTab, tabStorageKey } from './tabSelection';

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
});
