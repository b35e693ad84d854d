import { defineMessages } from '../../i18n/defineMessages';

export const partnersMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
