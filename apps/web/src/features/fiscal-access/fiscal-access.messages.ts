import { defineMessages } from '../../i18n/defineMessages';

export const fiscalAccessMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
