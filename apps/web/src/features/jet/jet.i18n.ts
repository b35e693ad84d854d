import { areaI18n } from '../../i18n/areaI18n';
import { jetMessages } from './jet.messages';
import { fiscalMessages } from '../fiscal/fiscal.messages';

export const { useI18n, createTranslator } = areaI18n(jetMessages, fiscalMessages);
export type Translator = ReturnType<typeof useI18n>;
export type MessageKey = Parameters<Translator['t']>[0];
