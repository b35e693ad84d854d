import { defineMessages } from '../../i18n/defineMessages';

export const documentationMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
