import { areaI18n } from '../../i18n/areaI18n';
import { fiscalErrorsMessages } from './fiscal-errors.messages';
import { fiscalArchiveGuideMessages } from '../fiscal/fiscal-archive-guide.messages';
import { fiscalKeysMessages } from '../fiscal/fiscal-keys.messages';
import { fiscalMessages } from '../fiscal/fiscal.messages';
import { signatureCheckMessages } from '../fiscal/signature-check.messages';

export const { useI18n, createTranslator } = areaI18n(
  fiscalErrorsMessages,
  fiscalMessages,
  fiscalArchiveGuideMessages,
  fiscalKeysMessages,
  signatureCheckMessages,
);
export type Translator = ReturnType<typeof useI18n>;
