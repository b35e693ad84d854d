import { defineMessages } from '../../i18n/defineMessages';

export const notificationPublishingMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
