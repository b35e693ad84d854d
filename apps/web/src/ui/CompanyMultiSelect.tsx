import type { CompanySummary } from '@comptoir/contracts';
import { MultiSelect } from './MultiSelect';
import { useUiI18n } from './useUiI18n';

/** The establishments to read (one, several or all): one ticked reads its name, more their count. */
export function CompanyMultiSelect({
  companies,
  selected,
  onChange,
  status,
  className,
  labelClassName,
}: {
  companies: readonly CompanySummary[];
  selected: readonly string[];
  onChange: (companyIds: string[]) => void;
  /** Shown instead of the list, e.g. while it loads or when it is empty. */
  status?: string | null;
  className?: string;
  labelClassName?: string;
}) {
  const { t, plural } = useUiI18n();
  return (
    <MultiSelect
      className={className}
      labelClassName={labelClassName}
      label={t('ui.companies.label')}
      allLabel={t('ui.companies.all')}
      summary={(ticked) =>
        ticked.length === 1 ? (ticked[0]?.label ?? '') : plural('ui.companies.count', ticked.length)
      }
      options={companies.map((company) => ({
        id: company.id,
        label: company.company_name,
        detail: company.city,
      }))}
      selected={selected}
      onChange={onChange}
      status={status}
    />
  );
}
