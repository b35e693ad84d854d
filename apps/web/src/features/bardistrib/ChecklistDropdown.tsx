import { useEffect, useId, useRef, useState } from 'react';

export interface ChecklistOption {
  id: string;
  label: string;
}

/**
 * A multi-select: a button that sums up the choice and opens a list of checkboxes. No box ticked
 * means every option (the `allLabel` reading).
 */
export function ChecklistDropdown({
  label,
  allLabel,
  summary,
  options,
  selected,
  isDisabled = false,
  status,
  onChange,
}: {
  label: string;
  allLabel: string;
  /** What the button reads when some options are ticked. */
  summary: string;
  options: readonly ChecklistOption[];
  selected: readonly string[];
  isDisabled?: boolean;
  /** Shown instead of the list (loading, nothing to choose). */
  status?: string | null;
  onChange: (selected: string[]) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const panelId = useId();

  useEffect(() => {
    if (!isOpen) return;
    const handlePointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      document.removeEventListener('keydown', handleKey);
    };
  }, [isOpen]);

  function toggle(id: string) {
    onChange(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]);
  }

  return (
    <div className="ware-filter ware-checklist" ref={root}>
      <span id={labelId} className="ware-filter-label">
        {label}
      </span>
      <button
        type="button"
        className="ware-checklist-button"
        aria-labelledby={labelId}
        aria-describedby={`${labelId}-value`}
        aria-expanded={isOpen}
        aria-controls={panelId}
        disabled={isDisabled}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span id={`${labelId}-value`} className="ware-checklist-value">
          {selected.length === 0 ? allLabel : summary}
        </span>
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {isOpen ? (
        <div id={panelId} className="ware-checklist-panel" role="group" aria-labelledby={labelId}>
          {status ? (
            <p className="ware-checklist-status">{status}</p>
          ) : (
            <>
              <label className="ware-checklist-option ware-checklist-all">
                <input type="checkbox" checked={selected.length === 0} onChange={() => onChange([])} />
                <span>{allLabel}</span>
              </label>
              {options.map((option) => (
                <label key={option.id} className="ware-checklist-option">
                  <input
                    type="checkbox"
                    checked={selected.includes(option.id)}
                    onChange={() => toggle(option.id)}
                  />
                  <span>{option.label}</span>
                </label>
              ))}
            </>
          )}
        </div>
      ) : null}
    </div>
  );
}
