import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { FEC_HEADER, signatureDefectCode } from '@comptoir/contracts';
import { KEY_HEADER } from '../fiscal-archives/fiscal-archives.key';
import { DOCUMENT_FILES, LIBRARY_DOCUMENTS, type GuideKey } from './documentation.catalogue';
import { buildGuides } from './documentation.guides';
import { renderGuide } from './documentation.pdf';

/**
 * The library's committed PDFs, read back with poppler's pdftotext (content-stream order, whitespace
 * collapsed, so that a sentence wrapped over two lines is still found): each has its title, several
 * pages and the sentences that make it worth reading, and says what `make-documentation.ts` would
 * write today (a guide or an imported fact changed without regenerating fails here).
 */
const PUBLIC_DIR = new URL('../../../../web/public/documentation/', import.meta.url).pathname;

async function textOf(file: string): Promise<{ text: string; pages: number }> {
  const run = promisify(execFile);
  const { stdout } = await run('pdftotext', ['-raw', '-enc', 'UTF-8', file, '-']);
  const { stdout: info } = await run('pdfinfo', [file]);
  return {
    text: stdout.replace(/\u00a0/g, ' ').replace(/\s+/g, ' '),
    pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]),
  };
}

const committed = (key: GuideKey) => textOf(path.join(PUBLIC_DIR, DOCUMENT_FILES[key]));

const KEY_SENTENCES: Record<GuideKey, { has: string[]; hasNot?: string[] }> = {
  quickStart: {
    has: [
      'Guide de démarrage rapide',
      'au moins 8 caractères, dont une majuscule, une minuscule, un chiffre et un caractère spécial',
      'Analyse des ventes',
      'Chaque réimpression porte la mention « DUPLICATA »',
      'Comptabilité › Export des données',
      'Un compte client est une ardoise',
      'le numéro de carte de chaque client',
    ],
    hasNot: ['Comptoir Suite'],
  },
  quickStartSuite: {
    has: [
      'Guide de démarrage rapide — Comptoir Suite',
      'Comptoir Suite est l’édition des groupes',
      'pour chacun de vos établissements',
      'seuls les comptes au solde nul peuvent l’être',
    ],
  },
  fiscalArchive: {
    has: [
      'Vérifier une archive fiscale',
      'LISEZ-MOI-verification.txt',
      'sha256sum archive.csv',
      "grep '^file_sha256=' cle.txt | cut -d= -f2",
      'openssl pkeyutl -verify -rawin -pubin -inkey serveur.pem -sigfile cle-signature.bin -in cle-signee.bin',
      'Signature Verified Successfully',
      KEY_HEADER,
      'register_id;kind;seq;v;at;prev_sig;sig;data',
      '/api/administration-fiscale/keys',
      'Fichier non modifié : intégrité assurée',
      'valables 7 jours',
    ],
  },
  accountingExport: {
    has: [
      'Guide de l’export comptable (FEC)',
      'article A47 A-1 du livre des procédures fiscales',
      'nom légal {SIREN}FEC{AAAAMMJJ}, suivi du numéro de l’export',
      'écrit une écriture « Correction — … » équilibrée',
      '1 — général',
      '2 — détaillé',
      ...FEC_HEADER,
      '44571',
    ],
  },
  customerAccounts: {
    has: ['Guide des comptes clients', 'Ardoise', 'Compte prépayé', 'Interdire un solde négatif après débit'],
    hasNot: ['Sélection et suppression', 'ca_floor_exc_payment', 'Comptoir Suite'],
  },
  customerAccountsSuite: {
    has: [
      'Guide des comptes clients — Comptoir Suite',
      'Sélection et suppression',
      'Un compte dont le solde n’est pas nul ne peut pas être supprimé',
      'ca_floor_exc_payment',
      'Jour par jour',
    ],
  },
  incidentList: {
    has: [
      'Liste des incidents fiscaux NF525',
      'Télécharger la liste des incidents fiscaux (PDF)',
      ...signatureDefectCode.options,
      'Conduite à tenir',
      'Archive fiscale générée',
    ],
  },
};

describe('the documentation PDFs', () => {
  const guides = buildGuides();

  it.each(Object.keys(DOCUMENT_FILES) as GuideKey[])(
    '%s has its title, several pages and its key sentences',
    async (key) => {
      const { text, pages } = await committed(key);
      expect(pages).toBeGreaterThanOrEqual(3);
      expect(text).toContain(guides[key].title);
      expect(text).toContain(guides[key].author);
      for (const sentence of KEY_SENTENCES[key].has) expect(text).toContain(sentence);
      for (const sentence of KEY_SENTENCES[key].hasNot ?? []) expect(text).not.toContain(sentence);
    },
  );

  it('holds the library title of every document that is listed', async () => {
    for (const document of LIBRARY_DOCUMENTS.filter((d) => d.guide !== 'incidentList')) {
      expect((await committed(document.guide)).text).toContain(document.title);
    }
  });

  it('are what make-documentation.ts writes today', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-guides-'));
    try {
      for (const key of Object.keys(DOCUMENT_FILES) as GuideKey[]) {
        const file = path.join(dir, DOCUMENT_FILES[key]);
        fs.writeFileSync(file, await renderGuide(guides[key]));
        expect((await textOf(file)).text, `${DOCUMENT_FILES[key]}: run make-documentation.ts`).toBe(
          (await committed(key)).text,
        );
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
