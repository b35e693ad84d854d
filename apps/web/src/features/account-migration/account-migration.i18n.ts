import { areaI18n } from '../../i18n/areaI18n';
import { accountMigrationMessages } from './account-migration.messages';

export const { useI18n } = areaI18n(accountMigrationMessages);
export type Translator = ReturnType<typeof useI18n>;
export type MessageKey = Parameters<Translator['t']>[0];
