import { useState } from 'react';
import { storedTab, tabStorageKey } from './tabSelection';

/** The selected tab of a detail screen, kept in session storage for the next visit in the tab. */
export function useStoredTab<Id extends string>(
  screen: string,
  tabIds: readonly Id[],
  defaultTab: Id,
): [Id, (tab: Id) => void] {
  const [selected, setSelected] = useState(() => storedTab(sessionStorage, screen, tabIds, defaultTab) as Id);
  function select(tab: Id) {
    sessionStorage.setItem(tabStorageKey(screen), tab);
    setSelected(tab);
  }
  return [selected, select];
}
