import { areaI18n } from '../../i18n/areaI18n';
import { fiscalArchiveGuideMessages } from './fiscal-archive-guide.messages';
import { fiscalKeysMessages } from './fiscal-keys.messages';
import { fiscalMessages } from './fiscal.messages';
import { signatureCheckMessages } from './signature-check.messages';

export const { useI18n, createTranslator } = areaI18n(
  fiscalArchiveGuideMessages,
  fiscalKeysMessages,
  fiscalMessages,
  signatureCheckMessages,
);
export type Translator = ReturnType<typeof useI18n>;
export type MessageKey = Parameters<Translator['t']>[0];
