import { areaI18n } from '../../i18n/areaI18n';
import { notificationsMessages } from './notifications.messages';

export const { useI18n } = areaI18n(notificationsMessages);
