import { areaI18n } from '../../i18n/areaI18n';
import { dashboardMessages } from './dashboard.messages';

export const { useI18n, createTranslator } = areaI18n(dashboardMessages);
