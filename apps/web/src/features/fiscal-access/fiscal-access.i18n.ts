import { areaI18n } from '../../i18n/areaI18n';
import { fiscalAccessMessages } from './fiscal-access.messages';
import { fiscalMessages } from '../fiscal/fiscal.messages';

export const { useI18n } = areaI18n(fiscalAccessMessages, fiscalMessages);
export type Translator = ReturnType<typeof useI18n>;
export type MessageKey = Parameters<Translator['t']>[0];
