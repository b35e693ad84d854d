import { areaI18n } from '../../i18n/areaI18n';
import { feedMessages } from './feed.messages';

export const { useI18n } = areaI18n(feedMessages);
