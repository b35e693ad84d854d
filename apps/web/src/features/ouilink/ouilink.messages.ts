import { defineMessages } from '../../i18n/defineMessages';

export const ouilinkMessages = defineMessages({
  fr: {
    'ouilink.intro': 'Commandez auprès de vos fournisseurs avec OuiLink, sans quitter Comptoir.',
    'ouilink.loading': 'Connexion à OuiLink…',
    'ouilink.frame.catalogue': 'OuiLink : votre catalogue fournisseurs',
    'ouilink.frame.onboarding': 'OuiLink : ouverture de votre compte',
    'ouilink.maintenance.title': 'OuiLink est momentanément indisponible',
    'ouilink.maintenance.hint':
      'Notre partenaire effectue une opération de maintenance. Réessayez dans quelques minutes.',
    'ouilink.doc.intro':
      'OuiLink, notre partenaire achats : vos commandes fournisseurs préparées à partir de vos ventes.',
    'ouilink.doc.imageAlt':
      'L’offre OuiLink : commandes fournisseurs depuis Comptoir, quantités proposées à partir des ventes de la veille, tarifs négociés, livraison suivie jusqu’au bon de réception, un mois offert aux clients Comptoir.',
    'ouilink.doc.partnersLink': 'Voir tous nos partenaires',
    'ouilink.doc.logoAlt': 'Logo de OuiLink',
  },
  en: {
    'ouilink.intro': 'Order from your suppliers with OuiLink without leaving Comptoir.',
    'ouilink.loading': 'Connecting to OuiLink…',
    'ouilink.frame.catalogue': 'OuiLink: your supplier catalogue',
    'ouilink.frame.onboarding': 'OuiLink: opening your account',
    'ouilink.maintenance.title': 'OuiLink is temporarily unavailable',
    'ouilink.maintenance.hint': 'Our partner is carrying out maintenance. Please try again in a few minutes.',
    'ouilink.doc.intro': 'OuiLink, our purchasing partner: supplier orders prepared from your sales.',
    'ouilink.doc.imageAlt':
      'The OuiLink offer: supplier orders from Comptoir, quantities suggested from the previous day’s sales, negotiated prices, delivery tracked to the delivery note, one month free for Comptoir customers.',
    'ouilink.doc.partnersLink': 'See all our partners',
    'ouilink.doc.logoAlt': 'OuiLink logo',
  },
  es: {
    'ouilink.intro': 'Haga sus pedidos a proveedores con OuiLink sin salir de Comptoir.',
    'ouilink.loading': 'Conectando con OuiLink…',
    'ouilink.frame.catalogue': 'OuiLink: su catálogo de proveedores',
    'ouilink.frame.onboarding': 'OuiLink: apertura de su cuenta',
    'ouilink.maintenance.title': 'OuiLink no está disponible por el momento',
    'ouilink.maintenance.hint':
      'Nuestro socio está realizando tareas de mantenimiento. Vuelva a intentarlo en unos minutos.',
    'ouilink.doc.intro':
      'OuiLink, nuestro socio de compras: pedidos a proveedores preparados a partir de sus ventas.',
    'ouilink.doc.imageAlt':
      'La oferta OuiLink: pedidos a proveedores desde Comptoir, cantidades propuestas a partir de las ventas del día anterior, precios negociados, entrega seguida hasta el albarán, un mes gratis para los clientes de Comptoir.',
    'ouilink.doc.partnersLink': 'Ver todos nuestros socios',
    'ouilink.doc.logoAlt': 'Logotipo de OuiLink',
  },
  ca: {
    'ouilink.intro': 'Feu les comandes als proveïdors amb OuiLink sense sortir de Comptoir.',
    'ouilink.loading': 'Connectant amb OuiLink…',
    'ouilink.frame.catalogue': 'OuiLink: el vostre catàleg de proveïdors',
    'ouilink.frame.onboarding': 'OuiLink: obertura del vostre compte',
    'ouilink.maintenance.title': 'OuiLink no està disponible de moment',
    'ouilink.maintenance.hint':
      'El nostre soci està fent tasques de manteniment. Torneu-ho a provar d’aquí a uns minuts.',
    'ouilink.doc.intro':
      'OuiLink, el nostre soci de compres: comandes als proveïdors preparades a partir de les vendes.',
    'ouilink.doc.imageAlt':
      'L’oferta OuiLink: comandes als proveïdors des de Comptoir, quantitats proposades a partir de les vendes del dia anterior, preus negociats, lliurament seguit fins a l’albarà, un mes gratuït per als clients de Comptoir.',
    'ouilink.doc.partnersLink': 'Veure tots els nostres socis',
    'ouilink.doc.logoAlt': 'Logotip de OuiLink',
  },
});
