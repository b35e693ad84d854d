import { defineMessages } from '../../i18n/defineMessages';

export const mailboxMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
