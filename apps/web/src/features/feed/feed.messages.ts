import { defineMessages } from '../../i18n/defineMessages';

export const feedMessages = defineMessages({
  fr: {
    'feed.news.intro': 'Les nouveautés de Comptoir, les rappels fiscaux et nos conseils.',
    'feed.title': 'Fil « {name} »',
    'feed.timelineLabel': '{heading}, du plus récent au plus ancien',
    'feed.empty': 'Aucune actualité pour le moment',
    'feed.emptyHint': 'Les nouvelles publications apparaîtront ici.',
  },
  en: {
    'feed.news.intro': "What's new in Comptoir, tax reminders and our tips.",
    'feed.title': '“{name}” feed',
    'feed.timelineLabel': '{heading}, newest first',
    'feed.empty': 'No news for now',
    'feed.emptyHint': 'New posts will appear here.',
  },
  es: {
    'feed.news.intro': 'Las novedades de Comptoir, los recordatorios fiscales y nuestros consejos.',
    'feed.title': 'Canal «{name}»',
    'feed.timelineLabel': '{heading}, de la más reciente a la más antigua',
    'feed.empty': 'No hay noticias por ahora',
    'feed.emptyHint': 'Las nuevas publicaciones aparecerán aquí.',
  },
  ca: {
    'feed.news.intro': 'Les novetats de Comptoir, els recordatoris fiscals i els nostres consells.',
    'feed.title': 'Canal «{name}»',
    'feed.timelineLabel': '{heading}, de la més recent a la més antiga',
    'feed.empty': 'No hi ha notícies de moment',
    'feed.emptyHint': 'Les noves publicacions apareixeran aquí.',
  },
});
