import { defineMessages } from '../../i18n/defineMessages';

export const ouilinkMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
