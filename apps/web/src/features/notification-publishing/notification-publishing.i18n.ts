import { areaI18n } from '../../i18n/areaI18n';
import { notificationPublishingMessages } from './notification-publishing.messages';

export const { useI18n } = areaI18n(notificationPublishingMessages);
