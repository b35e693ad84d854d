import { defineMessages } from '../i18n/defineMessages';

export const appMessages = defineMessages({
  fr: {
    'app.home': 'Comptoir, accueil',
    'app.skipToContent': 'Aller au contenu',
    'notFound.title': 'Oups !',
    'notFound.text': "La page demandée n'a pas pu être trouvée",
    'notFound.back': "Retour à l'accueil",
  },
  en: {
    'app.home': 'Comptoir, home',
    'app.skipToContent': 'Skip to content',
    'notFound.title': 'Oops!',
    'notFound.text': 'The page you asked for could not be found',
    'notFound.back': 'Back to the home page',
  },
  es: {
    'app.home': 'Comptoir, inicio',
    'app.skipToContent': 'Ir al contenido',
    'notFound.title': '¡Vaya!',
    'notFound.text': 'No se ha encontrado la página solicitada',
    'notFound.back': 'Volver al inicio',
  },
  ca: {
    'app.home': 'Comptoir, inici',
    'app.skipToContent': 'Ves al contingut',
    'notFound.title': 'Ui!',
    'notFound.text': "No s'ha pogut trobar la pàgina sol·licitada",
    'notFound.back': "Torna a l'inici",
  },
});
