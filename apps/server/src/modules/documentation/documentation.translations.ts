import type { ContentLanguage } from '@comptoir/contracts';
import { LIBRARY_DOCUMENTS, type GuideKey } from './documentation.catalogue';

/**
 * The library's titles, authors and descriptions in the portal's other languages (issue 31, item 20).
 * The French ones are the rows migration 021 seeded from `documentation.catalogue.ts`; the PDFs stay
 * French. The incident list is never listed, so it has none.
 */
type TranslatedLanguage = Exclude<ContentLanguage, 'fr'>;

interface DocumentTexts {
  title: string;
  author: string;
  description: string;
}

const TEAM: Record<TranslatedLanguage, string> = {
  en: 'Comptoir team',
  es: 'Equipo Comptoir',
  ca: 'Equip Comptoir',
};
const FISCAL_TEAM: Record<TranslatedLanguage, string> = {
  en: 'Comptoir tax compliance team',
  es: 'Departamento de cumplimiento fiscal de Comptoir',
  ca: 'Departament de compliment fiscal de Comptoir',
};

const DOCUMENT_TRANSLATIONS: Record<
  Exclude<GuideKey, 'incidentList'>,
  Record<TranslatedLanguage, DocumentTexts>
> = {
  quickStartSuite: {
    en: {
      title: 'Quick start guide — Comptoir Suite',
      author: TEAM.en,
      description:
        'Signing in, moving from one establishment to another, reading the reports, following the closures, exporting and managing the group’s customer accounts.',
    },
    es: {
      title: 'Guía de inicio rápido — Comptoir Suite',
      author: TEAM.es,
      description:
        'Iniciar sesión, pasar de un establecimiento a otro, leer los informes, seguir los cierres, exportar y gestionar las cuentas de clientes del grupo.',
    },
    ca: {
      title: 'Guia d’inici ràpid — Comptoir Suite',
      author: TEAM.ca,
      description:
        'Iniciar la sessió, passar d’un establiment a un altre, llegir els informes, seguir els tancaments, exportar i gestionar els comptes de clients del grup.',
    },
  },
  quickStart: {
    en: {
      title: 'Quick start guide',
      author: TEAM.en,
      description:
        'Signing in, reading the sales reports, following the closures, exporting your data and keeping the customer accounts.',
    },
    es: {
      title: 'Guía de inicio rápido',
      author: TEAM.es,
      description:
        'Iniciar sesión, leer los informes de ventas, seguir los cierres, exportar sus datos y llevar las cuentas de clientes.',
    },
    ca: {
      title: 'Guia d’inici ràpid',
      author: TEAM.ca,
      description:
        'Iniciar la sessió, llegir els informes de vendes, seguir els tancaments, exportar les vostres dades i portar els comptes de clients.',
    },
  },
  fiscalArchive: {
    en: {
      title: 'Checking a tax archive',
      author: FISCAL_TEAM.en,
      description:
        'What a tax archive holds, how to check it with the portal, then without Comptoir using sha256sum and OpenSSL.',
    },
    es: {
      title: 'Verificar un archivo fiscal',
      author: FISCAL_TEAM.es,
      description:
        'Qué contiene un archivo fiscal, cómo verificarlo con el portal y después sin Comptoir con sha256sum y OpenSSL.',
    },
    ca: {
      title: 'Verificar un arxiu fiscal',
      author: FISCAL_TEAM.ca,
      description:
        'Què conté un arxiu fiscal, com verificar-lo amb el portal i després sense Comptoir amb sha256sum i OpenSSL.',
    },
  },
  accountingExport: {
    en: {
      title: 'Accounting export guide (FEC)',
      author: TEAM.en,
      description:
        'The 18 fields of the FEC, the general and detailed modes, setting up the accounts and the correcting entries.',
    },
    es: {
      title: 'Guía de la exportación contable (FEC)',
      author: TEAM.es,
      description:
        'Los 18 campos del FEC, los modos general y detallado, la configuración de las cuentas y los asientos de corrección.',
    },
    ca: {
      title: 'Guia de l’exportació comptable (FEC)',
      author: TEAM.ca,
      description:
        'Els 18 camps del FEC, els modes general i detallat, la configuració dels comptes i els assentaments de correcció.',
    },
  },
  customerAccountsSuite: {
    en: {
      title: 'Customer accounts guide — Comptoir Suite',
      author: TEAM.en,
      description:
        'Open tabs and pre-loaded accounts, notes and credits, settings, exports, selecting, editing and deleting accounts.',
    },
    es: {
      title: 'Guía de las cuentas de clientes — Comptoir Suite',
      author: TEAM.es,
      description:
        'Cuentas abiertas y de prepago, notas y créditos, ajustes, exportaciones, selección, modificación y eliminación de cuentas.',
    },
    ca: {
      title: 'Guia dels comptes de clients — Comptoir Suite',
      author: TEAM.ca,
      description:
        'Comptes oberts i de prepagament, notes i crèdits, configuració, exportacions, selecció, modificació i supressió de comptes.',
    },
  },
  customerAccounts: {
    en: {
      title: 'Customer accounts guide',
      author: TEAM.en,
      description:
        'Open tabs and pre-loaded accounts, card numbers, notes and credits, sending tickets, settings and exports.',
    },
    es: {
      title: 'Guía de las cuentas de clientes',
      author: TEAM.es,
      description:
        'Cuentas abiertas y de prepago, números de tarjeta, notas y créditos, envío de tickets, ajustes y exportaciones.',
    },
    ca: {
      title: 'Guia dels comptes de clients',
      author: TEAM.ca,
      description:
        'Comptes oberts i de prepagament, números de targeta, notes i crèdits, enviament de tiquets, configuració i exportacions.',
    },
  },
};

const guideOf = new Map(LIBRARY_DOCUMENTS.map((document) => [document.id, document.guide]));

/**
 * A catalogue document's texts in a language other than French; undefined in French, and for a row
 * the catalogue does not hold (a document added later keeps its French until it has translations).
 */
export function documentTexts(id: string, language: ContentLanguage): DocumentTexts | undefined {
  const guide = guideOf.get(id);
  if (language === 'fr' || guide === undefined || guide === 'incidentList') return undefined;
  return DOCUMENT_TRANSLATIONS[guide][language];
}
