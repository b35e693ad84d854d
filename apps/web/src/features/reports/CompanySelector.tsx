import { useEffect, useId, useRef, useState } from 'react';
import type { CompanySummary } from '@comptoir/contracts';
import { useI18n } from '../../i18n/useI18n';
import { Icon } from '../../ui/Icon';
import { isSelected, toggleSelection } from './reportFilters';

/**
 * One, several or all establishments: a button opening a list of checkboxes. A user with a single
 * establishment reads its name instead.
 */
export function CompanySelector({
  companies,
  selected,
  onChange,
}: {
  companies: readonly CompanySummary[];
  /** Empty: all of them. */
  selected: readonly string[];
  onChange: (companyIds: string[]) => void;
}) {
  const { t, plural } = useI18n();
  const labelId = useId();
  const panelId = useId();
  const [isOpen, setIsOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const handlePointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', handlePointer);
    return () => document.removeEventListener('pointerdown', handlePointer);
  }, [isOpen]);

  const ids = companies.map((company) => company.id);
  const isAll = selected.length === 0;
  const summary = isAll
    ? t('reports.filters.allCompanies')
    : selected.length === 1
      ? (companies.find((company) => company.id === selected[0])?.company_name ?? '')
      : plural('reports.filters.companyCount', selected.length);

  if (companies.length <= 1) {
    return (
      <div className="report-filter">
        <span className="report-filter-label">{t('reports.filters.company')}</span>
        <p className="report-filter-static">{companies[0]?.company_name ?? t('reports.filters.noCompany')}</p>
      </div>
    );
  }

  return (
    <div
      ref={root}
      className="report-filter company-selector"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && isOpen) {
          event.stopPropagation();
          setIsOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setIsOpen(false);
      }}
    >
      <span id={labelId} className="report-filter-label">
        {t('reports.filters.company')}
      </span>
      <button
        ref={button}
        type="button"
        className="report-filter-control company-selector-button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        aria-labelledby={`${labelId} ${panelId}-summary`}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span id={`${panelId}-summary`} className="company-selector-summary">
          {summary}
        </span>
        <span className="company-selector-chevron">
          <Icon name="chevronRight" size={16} />
        </span>
      </button>
      {isOpen ? (
        <fieldset id={panelId} className="company-selector-panel">
          <legend className="visually-hidden">{t('reports.filters.company')}</legend>
          <label className="company-selector-option is-all">
            <input type="checkbox" checked={isAll} onChange={() => onChange([])} />
            <span>{t('reports.filters.allCompanies')}</span>
          </label>
          {companies.map((company) => (
            <label key={company.id} className="company-selector-option">
              <input
                type="checkbox"
                checked={isSelected(selected, company.id)}
                onChange={() => onChange(toggleSelection(selected, company.id, ids))}
              />
              <span>
                {company.company_name}
                {company.city ? <span className="company-selector-city">{company.city}</span> : null}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}
