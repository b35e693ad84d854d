import { defineMessages } from '../i18n/defineMessages';

export const uiMessages = defineMessages({
  fr: {
    'ui.modal.close': 'Fermer',
  },
  en: {
    'ui.modal.close': 'Close',
  },
  es: {
    'ui.modal.close': 'Cerrar',
  },
  ca: {
    'ui.modal.close': 'Tanca',
  },
});
