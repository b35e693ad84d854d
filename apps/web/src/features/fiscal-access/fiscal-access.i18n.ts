import { areaI18n } from '../../i18n/areaI18n';
import { fiscalAccessMessages } from './fiscal-access.messages';
import { fiscalArchiveGuideMessages } from '../fiscal/fiscal-archive-guide.messages';
import { fiscalKeysMessages } from '../fiscal/fiscal-keys.messages';
import { fiscalMessages } from '../fiscal/fiscal.messages';
import { signatureCheckMessages } from '../fiscal/signature-check.messages';

export const { useI18n } = areaI18n(
  fiscalAccessMessages,
  fiscalMessages,
  fiscalArchiveGuideMessages,
  fiscalKeysMessages,
  signatureCheckMessages,
);
export type Translator = ReturnType<typeof useI18n>;
export type MessageKey = Parameters<Translator['t']>[0];
