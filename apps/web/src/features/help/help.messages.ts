import { defineMessages } from '../../i18n/defineMessages';

export const helpMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
