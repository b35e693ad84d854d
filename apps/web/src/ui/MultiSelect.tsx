import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from './Icon';
import { onlySelection, tickedItems, toggleSelection } from './selection';
import { useUiI18n } from './useUiI18n';
import './multi-select.css';

export interface MultiSelectOption {
  id: string;
  label: string;
  /** A second line, e.g. an establishment's city. */
  detail?: string | null | undefined;
}

/**
 * Several, or all, of a list: a button that sums up the choice and opens a list of checkboxes. The
 * selection is empty when all are ticked (every box is then shown ticked, the spec's "all
 * selected"); the last ticked box cannot be unticked (spec 3 §5). "Seulement" keeps one option alone.
 */
export function MultiSelect({
  label,
  allLabel,
  summary,
  options,
  selected,
  onChange,
  isDisabled = false,
  status = null,
  labelClassName = 'multi-select-label',
  className,
}: {
  label: string;
  /** The "all" box, and the button's reading when all are ticked. */
  allLabel: string;
  /** The button's reading when some are ticked. */
  summary: (ticked: readonly MultiSelectOption[]) => string;
  options: readonly MultiSelectOption[];
  /** Empty: all of them. */
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  isDisabled?: boolean;
  /** Shown instead of the list (loading, nothing to choose). */
  status?: string | null;
  labelClassName?: string;
  className?: string;
}) {
  const { t } = useUiI18n();
  const ids = { label: useId(), summary: useId(), panel: useId(), lastNote: useId() };
  const [isOpen, setIsOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLFieldSetElement>(null);
  const isFirstBoxFocusedOnOpen = useRef(false);

  const all = options.map((option) => option.id);
  const ticked = tickedItems(selected, all);
  const isAll = ticked.length === all.length;
  const reading = isAll ? allLabel : summary(options.filter((option) => ticked.includes(option.id)));

  useEffect(() => {
    if (!isOpen) return;
    const handlePointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    return () => document.removeEventListener('pointerdown', handlePointer);
  }, [isOpen]);

  useEffect(() => {
    if (!isOpen || !isFirstBoxFocusedOnOpen.current) return;
    isFirstBoxFocusedOnOpen.current = false;
    focusBox(panel.current, () => 0);
  }, [isOpen]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!isOpen) {
      if (event.target === button.current && event.key === 'ArrowDown') {
        event.preventDefault();
        isFirstBoxFocusedOnOpen.current = true;
        setIsOpen(true);
      }
      return;
    }
    if (event.key === 'Escape') {
      // Inside a modal dialog, Escape closes the list only.
      event.preventDefault();
      event.stopPropagation();
      setIsOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      focusBox(panel.current, (index, count) => (index < 0 ? 0 : (index + step + count) % count));
    }
  }

  return (
    <div
      ref={root}
      className={['multi-select', className ?? ''].filter(Boolean).join(' ')}
      onKeyDown={handleKeyDown}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (next instanceof Node && !event.currentTarget.contains(next)) setIsOpen(false);
      }}
    >
      <span id={ids.label} className={labelClassName}>
        {label}
      </span>
      <button
        ref={button}
        type="button"
        className="multi-select-button"
        aria-labelledby={`${ids.label} ${ids.summary}`}
        aria-expanded={isOpen}
        aria-controls={isOpen ? ids.panel : undefined}
        disabled={isDisabled}
        onClick={() => setIsOpen((wasOpen) => !wasOpen)}
      >
        <span id={ids.summary} className="multi-select-summary">
          {reading}
        </span>
        <span className="multi-select-chevron">
          <Icon name="chevronRight" size={16} />
        </span>
      </button>
      {isOpen ? (
        <fieldset ref={panel} id={ids.panel} className="multi-select-panel">
          <legend className="visually-hidden">{label}</legend>
          {status ? (
            <p className="multi-select-status">{status}</p>
          ) : (
            <>
              <div className="multi-select-option is-all">
                <label className="multi-select-choice">
                  <input
                    type="checkbox"
                    checked={isAll}
                    aria-disabled={isAll ? true : undefined}
                    aria-describedby={isAll ? ids.lastNote : undefined}
                    onChange={() => {
                      if (!isAll) onChange([]);
                    }}
                  />
                  <span>{allLabel}</span>
                </label>
              </div>
              {options.map((option) => {
                const isTicked = ticked.includes(option.id);
                const isLast = isTicked && ticked.length === 1;
                return (
                  <div key={option.id} className="multi-select-option">
                    <label className="multi-select-choice">
                      <input
                        type="checkbox"
                        checked={isTicked}
                        aria-disabled={isLast ? true : undefined}
                        aria-describedby={isLast ? ids.lastNote : undefined}
                        onChange={() => {
                          if (!isLast) onChange(toggleSelection(selected, option.id, all));
                        }}
                      />
                      <span>
                        {option.label}
                        {option.detail ? <span className="multi-select-detail">{option.detail}</span> : null}
                      </span>
                    </label>
                    {all.length > 1 ? (
                      <button
                        type="button"
                        className="multi-select-only"
                        aria-label={t('ui.multiSelect.onlyLabel', { label: option.label })}
                        onClick={() => onChange(onlySelection(option.id, all))}
                      >
                        {t('ui.multiSelect.only')}
                      </button>
                    ) : null}
                  </div>
                );
              })}
              <p id={ids.lastNote} className="multi-select-note">
                {t('ui.multiSelect.lastItem')}
              </p>
            </>
          )}
        </fieldset>
      ) : null}
    </div>
  );
}

/** Moves the focus among the list's checkboxes (`move` gets the focused one's index, or -1). */
function focusBox(panel: HTMLElement | null, move: (index: number, count: number) => number) {
  const boxes = [...(panel?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? [])];
  if (boxes.length === 0) return;
  const current = boxes.findIndex((box) => box === document.activeElement);
  boxes[move(current, boxes.length)]?.focus();
}
