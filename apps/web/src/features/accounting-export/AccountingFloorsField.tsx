import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../i18n/useI18n';
import { accountingConfigQueries } from './accountingConfigQueries';
import { toggled } from './accountingConfigRules';

/** An account's rooms (floors): every room, or the rooms ticked (creation and edition alike). */
export function AccountingFloorsField({
  companyId,
  allFloors,
  floors,
  onChange,
}: {
  companyId: string;
  allFloors: boolean;
  floors: string[];
  onChange: (allFloors: boolean, floors: string[]) => void;
}) {
  const { t } = useI18n();
  const rooms = useQuery(accountingConfigQueries.choices(companyId, 'user/floorsName'));
  return (
    <fieldset className="accounting-config-choices">
      <legend>{t('accountingConfig.floors')}</legend>
      <label>
        <input type="checkbox" checked={allFloors} onChange={() => onChange(!allFloors, floors)} />{' '}
        {t('accountingConfig.allFloors')}
      </label>
      {allFloors
        ? null
        : (rooms.data ?? []).map((room) => (
            <label key={room.id}>
              <input
                type="checkbox"
                checked={floors.includes(room.id)}
                onChange={() => onChange(false, toggled(floors, room.id))}
              />{' '}
              {room.name}
            </label>
          ))}
    </fieldset>
  );
}
