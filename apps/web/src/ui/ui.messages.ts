import { defineMessages } from '../i18n/defineMessages';

export const uiMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
