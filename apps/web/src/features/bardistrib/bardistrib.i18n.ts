import { areaI18n } from '../../i18n/areaI18n';
import type { PluralBase } from '../../i18n/translate';
import { bardistribMessages } from './bardistrib.messages';

export const { useI18n } = areaI18n(bardistribMessages);
export type Translator = ReturnType<typeof useI18n>;
export type MessageKey = Parameters<Translator['t']>[0];
export type PluralKey = PluralBase<MessageKey>;
