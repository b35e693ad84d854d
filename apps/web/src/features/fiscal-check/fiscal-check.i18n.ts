import { areaI18n } from '../../i18n/areaI18n';
import { fiscalMessages } from '../fiscal/fiscal.messages';
import { signatureCheckMessages } from './signature-check.messages';

export const { useI18n, createTranslator } = areaI18n(signatureCheckMessages, fiscalMessages);
export type Translator = ReturnType<typeof useI18n>;
