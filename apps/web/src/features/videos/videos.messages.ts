import { defineMessages } from '../../i18n/defineMessages';

export const videosMessages = defineMessages({
  fr: {},
  en: {},
  es: {},
  ca: {},
});
