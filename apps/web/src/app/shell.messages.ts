import { defineMessages } from '../i18n/defineMessages';

export const shellMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
