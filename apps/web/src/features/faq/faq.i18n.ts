import { areaI18n } from '../../i18n/areaI18n';
import { faqMessages } from './faq.messages';

export const { useI18n } = areaI18n(faqMessages);
