import { defineMessages } from '../../i18n/defineMessages';

export const notificationsMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
