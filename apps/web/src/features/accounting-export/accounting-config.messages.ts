import { defineMessages } from '../../i18n/defineMessages';

export const accountingConfigMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
