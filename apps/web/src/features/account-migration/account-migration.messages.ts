import { defineMessages } from '../../i18n/defineMessages';

export const accountMigrationMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
