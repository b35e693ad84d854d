import { areaI18n } from '../../i18n/areaI18n';
import { reportsMessages } from './reports.messages';

export const { useI18n } = areaI18n(reportsMessages);
export type Translator = ReturnType<typeof useI18n>;
export type MessageKey = Parameters<Translator['t']>[0];
