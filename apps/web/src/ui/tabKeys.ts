/** The tab the arrow, Home and End keys move to in a horizontal tab list (WAI-ARIA tabs pattern). */
export function tabAfterKey(key: string, tabIds: readonly string[], current: string): string | null {
  const index = tabIds.indexOf(current);
  if (index < 0 || tabIds.length === 0) return null;
  switch (key) {
    case 'ArrowRight':
      return tabIds[(index + 1) % tabIds.length] ?? null;
    case 'ArrowLeft':
      return tabIds[(index - 1 + tabIds.length) % tabIds.length] ?? null;
    case 'Home':
      return tabIds[0] ?? null;
    case 'End':
      return tabIds[tabIds.length - 1] ?? null;
    default:
      return null;
  }
}
