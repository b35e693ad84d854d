/** French, the reference catalog: every other language must translate each of these keys. */
export const fr = {
  'app.name': 'Comptoir',
  'app.home': 'Comptoir, accueil',
  'app.skipToContent': 'Aller au contenu',
  'app.signOut': 'Se déconnecter',
  'common.loading': 'Chargement…',
  'common.error': 'Une erreur est survenue.',
  'common.retry': 'Réessayer',
  'common.notAvailable': 'Non disponible',
  'dashboard.title': 'Tableau de bord',
  'dashboard.greeting': 'Bonjour {name}',
  'dashboard.intro': "Voici l'activité de vos établissements.",
  'dashboard.establishments': 'Vos établissements',
  'dashboard.empty': 'Aucun établissement',
  'dashboard.emptyHint': "Aucun établissement n'est encore rattaché à votre compte.",
  'dashboard.turnover': "Chiffre d'affaires TTC",
  'dashboard.today': "Aujourd'hui",
  'dashboard.yesterday': 'Hier',
  'dashboard.orders.one': '{count} commande',
  'dashboard.orders.other': '{count} commandes',
  'dashboard.city': 'Ville',
  'dashboard.siret': 'SIRET',
  'dashboard.total': 'Ensemble des établissements',
  'notFound.title': 'Oups !',
  'notFound.text': "La page demandée n'a pas pu être trouvée",
  'notFound.back': "Retour à l'accueil",
};

export type MessageKey = keyof typeof fr;
export type Catalog = Record<MessageKey, string>;
