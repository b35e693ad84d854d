import { defineMessages } from '../../i18n/defineMessages';

export const sponsorshipMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
