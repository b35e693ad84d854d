import { areaI18n } from '../../i18n/areaI18n';
import { fiscalMessages } from '../fiscal/fiscal.messages';
import { fiscalArchiveGuideMessages } from './fiscal-archive-guide.messages';
import { fiscalArchivesMessages } from './fiscal-archives.messages';

export const { useI18n } = areaI18n(fiscalArchivesMessages, fiscalArchiveGuideMessages, fiscalMessages);
