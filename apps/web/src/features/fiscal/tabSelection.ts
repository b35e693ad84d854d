/** Where a detail screen keeps its selected tab (spec 2 §2: "The selected tab is remembered"). */
export function tabStorageKey(screen: string): string {
  return `fiscal-tab-${screen}`;
}

/** The tab kept in the session when it still exists, else the screen's default. */
export function storedTab(
  storage: Pick<Storage, 'getItem'>,
  screen: string,
  tabIds: readonly string[],
  defaultTab: string,
): string {
  const stored = storage.getItem(tabStorageKey(screen));
  return stored !== null && tabIds.includes(stored) ? stored : defaultTab;
}
