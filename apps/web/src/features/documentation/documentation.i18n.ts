import { areaI18n } from '../../i18n/areaI18n';
import { documentationMessages } from './documentation.messages';

export const { useI18n } = areaI18n(documentationMessages);
