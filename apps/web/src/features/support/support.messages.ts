import { defineMessages } from '../../i18n/defineMessages';

export const supportMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
