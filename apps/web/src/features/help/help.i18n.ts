import { areaI18n } from '../../i18n/areaI18n';
import { helpMessages } from './help.messages';

export const { useI18n } = areaI18n(helpMessages);
export type Translator = ReturnType<typeof useI18n>;
export type MessageKey = Parameters<Translator['t']>[0];
