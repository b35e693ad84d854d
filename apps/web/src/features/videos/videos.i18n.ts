import { areaI18n } from '../../i18n/areaI18n';
import { videosMessages } from './videos.messages';

export const { useI18n } = areaI18n(videosMessages);
