import { areaI18n } from '../../i18n/areaI18n';
import { userMessages } from './user.messages';

export const { useI18n } = areaI18n(userMessages);
export type Translator = ReturnType<typeof useI18n>;
export type MessageKey = Parameters<Translator['t']>[0];
