/**
 * A "several, or all" choice (spec 3 §7: a list sent empty when all are selected): the stored
 * selection is empty when every item is ticked, and it never leaves nothing ticked (spec 3 §5).
 */

/** The items shown ticked; a selection naming none of the items reads as all of them. */
export function tickedItems<T>(selected: readonly T[], all: readonly T[]): T[] {
  const ticked = all.filter((item) => selected.includes(item));
  return ticked.length === 0 ? [...all] : ticked;
}

export function isSelected<T>(selected: readonly T[], item: T): boolean {
  return selected.length === 0 || selected.includes(item);
}

/**
 * Ticks or unticks one item. Unticking the last ticked item is refused: a report of nothing would
 * always be empty.
 */
export function toggleSelection<T>(selected: readonly T[], item: T, all: readonly T[]): T[] {
  const ticked = new Set(selected.length === 0 ? all : selected);
  if (ticked.has(item)) ticked.delete(item);
  else ticked.add(item);
  if (ticked.size === 0) return [...selected];
  const next = all.filter((candidate) => ticked.has(candidate));
  return next.length === all.length ? [] : next;
}

/** This item alone (all of them when it is the only one). */
export function onlySelection<T>(item: T, all: readonly T[]): T[] {
  return all.length === 1 ? [] : [item];
}
