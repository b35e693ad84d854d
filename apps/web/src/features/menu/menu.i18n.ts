import { areaI18n } from '../../i18n/areaI18n';
import { menuMessages } from './menu.messages';

export const { useI18n } = areaI18n(menuMessages);
