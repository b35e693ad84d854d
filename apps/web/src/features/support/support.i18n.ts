import { areaI18n } from '../../i18n/areaI18n';
import { supportMessages } from './support.messages';

export const { useI18n } = areaI18n(supportMessages);
export type Translator = ReturnType<typeof useI18n>;
export type MessageKey = Parameters<Translator['t']>[0];
