import { areaI18n } from '../../i18n/areaI18n';
import { partnersMessages } from './partners.messages';

export const { useI18n } = areaI18n(partnersMessages);
export type Translator = ReturnType<typeof useI18n>;
