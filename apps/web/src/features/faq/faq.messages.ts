import { defineMessages } from '../../i18n/defineMessages';

export const faqMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
