import { defineMessages } from '../../i18n/defineMessages';

export const reportsMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
