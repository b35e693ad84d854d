import { areaI18n } from '../../i18n/areaI18n';
import { fiscalMessages } from '../fiscal/fiscal.messages';
import { fiscalKeysMessages } from './fiscal-keys.messages';

export const { useI18n } = areaI18n(fiscalKeysMessages, fiscalMessages);
export type Translator = ReturnType<typeof useI18n>;
