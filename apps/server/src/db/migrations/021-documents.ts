import { sql, type Kysely } from 'kysely';

/**
 * The documentation library (issue 19 part 4): the product's documents, seeded with their fixed ids
 * so that every install, not only the demo, lists them. Each row points at a PDF and a background
 * image committed under `apps/web/public/documentation/` (made by
 * `apps/server/scripts/make-documentation.ts`). Nothing earlier seeds `documents`; the ids make a
 * second run insert nothing. A document added to the catalogue later needs a migration of its own.
 * The rows are written here, not read from `documentation.catalogue.ts`: a migration stays what it
 * was when it ran (`documentation.integration.test.ts` checks that the catalogue still agrees).
 */
const DOCUMENTS = [
  {
    id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0101',
    title: 'Guide de démarrage rapide — Comptoir Suite',
    author: 'Équipe Comptoir',
    description:
      'Se connecter, passer d’un établissement à l’autre, lire les rapports, suivre les clôtures, exporter et gérer les comptes clients du groupe.',
    pdfUrl: '/documentation/guide-demarrage-rapide-suite.pdf',
    backgroundUrl: '/documentation/fond-demarrage.svg',
    isSuite: true,
    position: 10,
  },
  {
    id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0102',
    title: 'Guide de démarrage rapide',
    author: 'Équipe Comptoir',
    description:
      'Se connecter, lire les rapports de ventes, suivre les clôtures, exporter ses données et tenir les comptes clients.',
    pdfUrl: '/documentation/guide-demarrage-rapide.pdf',
    backgroundUrl: '/documentation/fond-demarrage.svg',
    isSuite: false,
    position: 10,
  },
  {
    id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0201',
    title: 'Vérifier une archive fiscale',
    author: 'Pôle conformité fiscale Comptoir',
    description:
      'Ce que contient une archive fiscale, comment la vérifier avec le portail, puis sans Comptoir avec sha256sum et OpenSSL.',
    pdfUrl: '/documentation/guide-verification-archives-fiscales.pdf',
    backgroundUrl: '/documentation/fond-archives-fiscales.svg',
    isSuite: true,
    position: 20,
  },
  {
    id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0202',
    title: 'Vérifier une archive fiscale',
    author: 'Pôle conformité fiscale Comptoir',
    description:
      'Ce que contient une archive fiscale, comment la vérifier avec le portail, puis sans Comptoir avec sha256sum et OpenSSL.',
    pdfUrl: '/documentation/guide-verification-archives-fiscales.pdf',
    backgroundUrl: '/documentation/fond-archives-fiscales.svg',
    isSuite: false,
    position: 20,
  },
  {
    id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0301',
    title: 'Guide de l’export comptable (FEC)',
    author: 'Équipe Comptoir',
    description:
      'Les 18 champs du FEC, les modes général et détaillé, la configuration des comptes et les écritures de correction.',
    pdfUrl: '/documentation/guide-export-comptable-fec.pdf',
    backgroundUrl: '/documentation/fond-export-comptable.svg',
    isSuite: true,
    position: 30,
  },
  {
    id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0302',
    title: 'Guide de l’export comptable (FEC)',
    author: 'Équipe Comptoir',
    description:
      'Les 18 champs du FEC, les modes général et détaillé, la configuration des comptes et les écritures de correction.',
    pdfUrl: '/documentation/guide-export-comptable-fec.pdf',
    backgroundUrl: '/documentation/fond-export-comptable.svg',
    isSuite: false,
    position: 30,
  },
  {
    id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0401',
    title: 'Guide des comptes clients — Comptoir Suite',
    author: 'Équipe Comptoir',
    description:
      'Ardoises et comptes prépayés, notes et crédits, réglages, exports, sélection, modification et suppression des comptes.',
    pdfUrl: '/documentation/guide-comptes-clients-suite.pdf',
    backgroundUrl: '/documentation/fond-comptes-clients.svg',
    isSuite: true,
    position: 40,
  },
  {
    id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0402',
    title: 'Guide des comptes clients',
    author: 'Équipe Comptoir',
    description:
      'Ardoises et comptes prépayés, numéros de carte, notes et crédits, envoi des tickets, réglages et exports.',
    pdfUrl: '/documentation/guide-comptes-clients.pdf',
    backgroundUrl: '/documentation/fond-comptes-clients.svg',
    isSuite: false,
    position: 40,
  },
  {
    id: '0b9a6c1e-5f1d-4c41-9a35-21d0c0de0501',
    title: 'list-incident-fisc',
    author: 'Pôle conformité fiscale Comptoir',
    description:
      'Les incidents que le contrôle des signatures détecte (NF525), leur sens et la conduite à tenir.',
    pdfUrl: '/documentation/liste-incidents-fiscaux-nf525.pdf',
    backgroundUrl: '/documentation/fond-incidents-fiscaux.svg',
    isSuite: false,
    position: 90,
  },
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`insert into documents (id, title, author, description, pdf_url, background_url, is_suite, position)
    values ${sql.join(
      DOCUMENTS.map(
        (d) => sql`(${d.id}::uuid, ${d.title}, ${d.author}, ${d.description}, ${d.pdfUrl},
          ${d.backgroundUrl}, ${d.isSuite}, ${d.position})`,
      ),
    )}
    on conflict (id) do nothing`.execute(db);
}
