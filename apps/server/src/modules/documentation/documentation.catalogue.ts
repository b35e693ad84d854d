import { DOCUMENTATION_PATH, FISCAL_INCIDENT_LIST_FILE, INCIDENT_LIST_TITLE } from '@comptoir/contracts';

/**
 * The documentation library's product content (spec 1 §2.7, issue 19 part 4): the rows migration 021
 * seeds with these stable ids, so that every install has them. Each PDF is made by
 * `apps/server/scripts/make-documentation.ts` from the guides of `documentation.guides.ts` and
 * committed with its background image under `apps/web/public/documentation/`, which the server serves
 * at `DOCUMENTATION_PATH`. `list-incident-fisc` is never listed; the fiscal errors page links to its file. A guide valid for both editions has two rows (one per `is_suite`) on one file.
 */
/** The PDFs the generator writes, by guide. */
export const DOCUMENT_FILES = {
  quickStart: 'guide-demarrage-rapide.pdf',
  quickStartSuite: 'guide-demarrage-rapide-suite.pdf',
  fiscalArchive: 'guide-verification-archives-fiscales.pdf',
  accountingExport: 'guide-export-comptable-fec.pdf',
  customerAccounts: 'guide-comptes-clients.pdf',
  customerAccountsSuite: 'guide-comptes-clients-suite.pdf',
  incidentList: FISCAL_INCIDENT_LIST_FILE,
} as const;
export type GuideKey = keyof typeof DOCUMENT_FILES;

export interface LibraryDocument {
  id: string;
  guide: GuideKey;
  title: string;
  author: string;
  description: string;
  /** File name of the background image, in the same folder. */
  background: string;
  isSuite: boolean;
  position: number;
}

const TEAM = 'Équipe Comptoir';
const FISCAL_TEAM = 'Pôle conformité fiscale Comptoir';

const quickStart = {
  title: 'Guide de démarrage rapide',
  author: TEAM,
  background: 'fond-demarrage.svg',
  position: 10,
};
const fiscalArchive = {
  guide: 'fiscalArchive',
  title: 'Vérifier une archive fiscale',
  author: FISCAL_TEAM,
  description:
    'Ce que contient une archive fiscale, comment la vérifier avec le portail, puis sans Comptoir avec sha256sum et OpenSSL.',
  background: 'fond-archives-fiscales.svg',
  position: 20,
} as const;
const accountingExport = {
  guide: 'accountingExport',
  title: 'Guide de l’export comptable (FEC)',
  author: TEAM,
  description:
    'Les 18 champs du FEC, les modes général et détaillé, la configuration des comptes et les écritures de correction.',
  background: 'fond-export-comptable.svg',
  position: 30,
} as const;
const customerAccounts = {
  title: 'Guide des comptes clients',
  author: TEAM,
  background: 'fond-comptes-clients.svg',
  position: 40,
};

export const LIBRARY_DOCUMENTS: readonly LibraryDocument[] = [
  {
    id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0101',
    guide: 'quickStartSuite',
    ...quickStart,
    title: `${quickStart.title} — Comptoir Suite`,
    description:
      'Se connecter, passer d’un établissement à l’autre, lire les rapports, suivre les clôtures, exporter et gérer les comptes clients du groupe.',
    isSuite: true,
  },
  {
    id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0102',
    guide: 'quickStart',
    ...quickStart,
    description:
      'Se connecter, lire les rapports de ventes, suivre les clôtures, exporter ses données et tenir les comptes clients.',
    isSuite: false,
  },
  { id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0201', ...fiscalArchive, isSuite: true },
  { id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0202', ...fiscalArchive, isSuite: false },
  { id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0301', ...accountingExport, isSuite: true },
  { id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0302', ...accountingExport, isSuite: false },
  {
    id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0401',
    guide: 'customerAccountsSuite',
    ...customerAccounts,
    title: `${customerAccounts.title} — Comptoir Suite`,
    description:
      'Ardoises et comptes prépayés, notes et crédits, réglages, exports, sélection, modification et suppression des comptes.',
    isSuite: true,
  },
  {
    id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0402',
    guide: 'customerAccounts',
    ...customerAccounts,
    description:
      'Ardoises et comptes prépayés, numéros de carte, notes et crédits, envoi des tickets, réglages et exports.',
    isSuite: false,
  },
  {
    id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0501',
    guide: 'incidentList',
    title: INCIDENT_LIST_TITLE,
    author: FISCAL_TEAM,
    description:
      'Les incidents que le contrôle des signatures détecte (NF525), leur sens et la conduite à tenir.',
    background: 'fond-incidents-fiscaux.svg',
    isSuite: false,
    position: 90,
  },
];

export const documentPdfUrl = (guide: GuideKey) => `${DOCUMENTATION_PATH}/${DOCUMENT_FILES[guide]}`;
export const documentBackgroundUrl = (file: string) => `${DOCUMENTATION_PATH}/${file}`;
