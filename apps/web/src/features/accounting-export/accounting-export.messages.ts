import { defineMessages } from '../../i18n/defineMessages';

export const accountingExportMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
