import { defineMessages } from '../../i18n/defineMessages';

export const dataExportMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
