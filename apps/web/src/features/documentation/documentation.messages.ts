import { defineMessages } from '../../i18n/defineMessages';

/** The documentation library (spec 1 §2.7); the documents themselves are French, like the product. */
export const documentationMessages = defineMessages({
  fr: {
    'documentation.intro':
      'Les guides de Comptoir à télécharger en PDF : démarrage, archives fiscales, export comptable, comptes clients.',
    'documentation.listLabel': 'Documents à télécharger',
    'documentation.author': 'Par {author}',
    'documentation.pdf': 'PDF',
    'documentation.download': 'Télécharger',
    'documentation.downloadLabel': 'Télécharger « {title} » (PDF)',
    'documentation.empty': 'Aucun document disponible',
    'documentation.emptyHint': 'Les guides de votre édition apparaîtront ici dès leur publication.',
    'documentation.loadError': 'Impossible de charger la documentation. Réessayez.',
  },
  en: {
    'documentation.intro':
      'Comptoir’s guides to download as PDF (in French): getting started, fiscal archives, accounting export, customer accounts.',
    'documentation.listLabel': 'Documents to download',
    'documentation.author': 'By {author}',
    'documentation.pdf': 'PDF',
    'documentation.download': 'Download',
    'documentation.downloadLabel': 'Download “{title}” (PDF)',
    'documentation.empty': 'No document available',
    'documentation.emptyHint': 'The guides of your edition will appear here as soon as they are published.',
    'documentation.loadError': 'The documentation could not be loaded. Please try again.',
  },
  es: {
    'documentation.intro':
      'Las guías de Comptoir para descargar en PDF (en francés): primeros pasos, archivos fiscales, exportación contable, cuentas de clientes.',
    'documentation.listLabel': 'Documentos para descargar',
    'documentation.author': 'Por {author}',
    'documentation.pdf': 'PDF',
    'documentation.download': 'Descargar',
    'documentation.downloadLabel': 'Descargar «{title}» (PDF)',
    'documentation.empty': 'No hay ningún documento disponible',
    'documentation.emptyHint': 'Las guías de su edición aparecerán aquí en cuanto se publiquen.',
    'documentation.loadError': 'No se ha podido cargar la documentación. Inténtelo de nuevo.',
  },
  ca: {
    'documentation.intro':
      'Les guies de Comptoir per descarregar en PDF (en francès): primers passos, arxius fiscals, exportació comptable, comptes de clients.',
    'documentation.listLabel': 'Documents per descarregar',
    'documentation.author': 'Per {author}',
    'documentation.pdf': 'PDF',
    'documentation.download': 'Descarrega',
    'documentation.downloadLabel': 'Descarrega «{title}» (PDF)',
    'documentation.empty': 'No hi ha cap document disponible',
    'documentation.emptyHint': 'Les guies de la vostra edició apareixeran aquí tan aviat com es publiquin.',
    'documentation.loadError': "No s'ha pogut carregar la documentació. Torneu-ho a provar.",
  },
});
