import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { tabAfterKey } from './tabSelection';

export interface FiscalTab<Id extends string> {
  id: Id;
  label: string;
  /** Shown after the label as a badge (the interventions count). */
  count?: number;
}

/**
 * A tab list (WAI-ARIA tabs pattern): arrows, Home and End move between tabs and select them, only
 * the selected tab is in the Tab order, and only its panel is rendered (each panel loads its data).
 */
export function FiscalTabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  tabs: readonly FiscalTab<Id>[];
  selected: Id;
  onSelect: (tab: Id) => void;
  children: ReactNode;
}) {
  const baseId = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  // On a phone the tabs scroll sideways: the selected one (tab 4 by default) must be in sight.
  useEffect(() => {
    const element = list.current;
    const tab = element?.querySelector<HTMLElement>('[aria-selected="true"]');
    if (!element || !tab) return;
    const isHidden =
      tab.offsetLeft < element.scrollLeft ||
      tab.offsetLeft + tab.offsetWidth > element.scrollLeft + element.clientWidth;
    if (isHidden) element.scrollLeft = tab.offsetLeft - 16;
  }, [selected]);

  function handleKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    const next = tabAfterKey(
      event.key,
      tabs.map((tab) => tab.id),
      selected,
    );
    if (next === null) return;
    event.preventDefault();
    onSelect(next as Id);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(next))}`)?.focus();
  }

  return (
    <div className="fiscal-tabs">
      <div ref={list} className="fiscal-tab-list" role="tablist" aria-label={label}>
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              className="fiscal-tab"
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              onKeyDown={handleKeyDown}
            >
              <span>{tab.label}</span>
              {tab.count !== undefined ? <span className="fiscal-tab-count">{tab.count}</span> : null}
            </button>
          );
        })}
      </div>
      <div
        id={panelId}
        className="fiscal-tab-panel"
        role="tabpanel"
        aria-labelledby={tabId(selected)}
        tabIndex={0}
      >
        {children}
      </div>
    </div>
  );
}
