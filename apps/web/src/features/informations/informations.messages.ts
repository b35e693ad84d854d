import { defineMessages } from '../../i18n/defineMessages';

export const informationsMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
