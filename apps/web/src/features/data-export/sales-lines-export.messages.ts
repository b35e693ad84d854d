import { defineMessages } from '../../i18n/defineMessages';

export const salesLinesExportMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
