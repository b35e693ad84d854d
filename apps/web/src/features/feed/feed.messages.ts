import { defineMessages } from '../../i18n/defineMessages';

export const feedMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
