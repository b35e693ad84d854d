import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { tabAfterKey } from './tabKeys';
import './tabs.css';

export interface Tab<Id extends string> {
  id: Id;
  label: string;
  /** Shown after the label as a badge (a count of rows, say). */
  count?: number;
}

/**
 * A tab list (WAI-ARIA tabs pattern): arrows, Home and End move between tabs and select them, only
 * the selected tab is in the Tab order, and only its panel is rendered (each panel loads its data).
 * The panel is a bordered card that takes the focus, or with `panel="plain"` a bare grid of its
 * children (they bring their own focusable content).
 */
export function Tabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  panel = 'card',
  children,
}: {
  label: string;
  tabs: readonly Tab<Id>[];
  selected: Id;
  onSelect: (tab: Id) => void;
  panel?: 'card' | 'plain';
  children: ReactNode;
}) {
  const baseId = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  // On a phone the tabs scroll sideways: the selected one must be in sight.
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

  const isCard = panel === 'card';
  return (
    <div className={isCard ? 'ui-tabs' : 'ui-tabs is-plain'}>
      <div ref={list} className="ui-tab-list" role="tablist" aria-label={label}>
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              className="ui-tab"
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              onKeyDown={handleKeyDown}
            >
              <span>{tab.label}</span>
              {tab.count !== undefined ? <span className="ui-tab-count">{tab.count}</span> : null}
            </button>
          );
        })}
      </div>
      <div
        id={panelId}
        className={isCard ? 'ui-tab-panel' : 'ui-tab-panel is-plain'}
        role="tabpanel"
        aria-labelledby={tabId(selected)}
        tabIndex={isCard ? 0 : undefined}
      >
        {children}
      </div>
    </div>
  );
}
