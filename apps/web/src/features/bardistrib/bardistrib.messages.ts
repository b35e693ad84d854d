import { defineMessages } from '../../i18n/defineMessages';

export const bardistribMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
