import { defineMessages } from '../../i18n/defineMessages';

export const menuMessages = defineMessages({
  fr: {
    'menu.grid.title': 'Vos rubriques',
    'menu.grid.back': 'Retour',
    'menu.grid.empty': 'Cette catégorie est vide.',
    'menu.grid.emptyHint': "Aucune rubrique n'est disponible pour votre compte.",
  },
  en: {
    'menu.grid.title': 'Your areas',
    'menu.grid.back': 'Back',
    'menu.grid.empty': 'This category is empty.',
    'menu.grid.emptyHint': 'No area is available for your account.',
  },
  es: {
    'menu.grid.title': 'Sus secciones',
    'menu.grid.back': 'Volver',
    'menu.grid.empty': 'Esta categoría está vacía.',
    'menu.grid.emptyHint': 'No hay ninguna sección disponible para su cuenta.',
  },
  ca: {
    'menu.grid.title': 'Les vostres seccions',
    'menu.grid.back': 'Torna',
    'menu.grid.empty': 'Aquesta categoria és buida.',
    'menu.grid.emptyHint': 'No hi ha cap secció disponible per al vostre compte.',
  },
});
