import { defineMessages } from '../../i18n/defineMessages';

export const fiscalMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
