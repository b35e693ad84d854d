import { useI18n } from './reports.i18n';
import { ACTIVITY_TYPES, isSelected, toggleSelection, type ActivityType } from './reportFilters';

/** On site, takeaway, delivery: several may be ticked; all ticked (the default) sends no filter. */
export function ActivitySelector({
  selected,
  onChange,
}: {
  selected: readonly ActivityType[];
  onChange: (activity: ActivityType[]) => void;
}) {
  const { t } = useI18n();
  return (
    <fieldset className="report-filter activity-selector">
      <legend className="report-filter-label">{t('reports.filters.activity')}</legend>
      <div className="activity-selector-options">
        {ACTIVITY_TYPES.map((type) => (
          <label key={type} className="activity-selector-option">
            <input
              type="checkbox"
              checked={isSelected(selected, type)}
              onChange={() => onChange(toggleSelection(selected, type, ACTIVITY_TYPES))}
            />
            <span>{t(`reports.activity.${type}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
