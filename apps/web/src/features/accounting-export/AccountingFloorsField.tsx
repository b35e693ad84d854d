import { useQuery } from '@tanstack/react-query';
import { useI18n } from './accounting-export.i18n';
import { accountingConfigQueries } from './accountingConfigQueries';
import { toggled, type AccountRooms } from './accountingConfigRules';

/** An account's rooms (floors): every room, or the rooms ticked (creation and edition alike). */
export function AccountingFloorsField({
  companyId,
  value,
  onChange,
}: {
  companyId: string;
  value: AccountRooms;
  onChange: (value: AccountRooms) => void;
}) {
  const { t } = useI18n();
  const rooms = useQuery(accountingConfigQueries.choices(companyId, 'user/floorsName'));
  return (
    <fieldset className="accounting-config-choices">
      <legend>{t('accountingConfig.floors')}</legend>
      <label>
        <input
          type="checkbox"
          checked={value.all_floors}
          onChange={() => onChange({ ...value, all_floors: !value.all_floors })}
        />{' '}
        {t('accountingConfig.allFloors')}
      </label>
      {value.all_floors
        ? null
        : (rooms.data ?? []).map((room) => (
            <label key={room.id}>
              <input
                type="checkbox"
                checked={value.floors.includes(room.id)}
                onChange={() => onChange({ all_floors: false, floors: toggled(value.floors, room.id) })}
              />{' '}
              {room.name}
            </label>
          ))}
    </fieldset>
  );
}
