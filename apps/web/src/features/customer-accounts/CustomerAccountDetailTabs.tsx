import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * A tab list (WAI-ARIA tabs pattern) for the detail page and its ticket panel: arrows, Home and End
 * move and select; only the selected tab is in the Tab order.
 */
export function CustomerAccountDetailTabs<Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  tabs: readonly { id: Id; label: string }[];
  selected: Id;
  onSelect: (tab: Id) => void;
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
    const index = tabs.findIndex((tab) => tab.id === selected);
    const last = tabs.length - 1;
    const nextIndex =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    const next = nextIndex === null ? undefined : tabs[nextIndex];
    if (!next) return;
    event.preventDefault();
    onSelect(next.id);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(tabId(next.id))}`)?.focus();
  }

  return (
    <div className="customer-detail-tabs">
      <div ref={list} className="customer-detail-tab-list" role="tablist" aria-label={label}>
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              id={tabId(tab.id)}
              type="button"
              role="tab"
              className="customer-detail-tab"
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              tabIndex={isSelected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
              onKeyDown={handleKeyDown}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        id={panelId}
        className="customer-detail-tab-panel"
        role="tabpanel"
        aria-labelledby={tabId(selected)}
      >
        {children}
      </div>
    </div>
  );
}
