import { areaI18n } from '../../i18n/areaI18n';
import { fiscalErrorsMessages } from './fiscal-errors.messages';
import { fiscalMessages } from '../fiscal/fiscal.messages';

export const { useI18n, createTranslator } = areaI18n(fiscalErrorsMessages, fiscalMessages);
export type Translator = ReturnType<typeof useI18n>;
