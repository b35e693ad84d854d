import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FISCAL_INCIDENT_LIST_PDF_URL,
  INCIDENT_LIST_TITLE,
  type DocumentationEntry,
  type DocumentationResponse,
} from '@comptoir/contracts';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { documentBackgroundUrl, documentPdfUrl, LIBRARY_DOCUMENTS } from './documentation.catalogue';
import { buildDemoTestApp, createAccount, createTestUser, signInAs, type TestApp } from '../../test-helpers';

/** The portal's public folder: Vite copies it into the build, which the server serves. */
const WEB_PUBLIC = new URL('../../../../web/public/', import.meta.url).pathname;

let t: TestApp;
let webDist: string;

beforeAll(async () => {
  // A built portal as Vite leaves it: index.html and the public folder's files.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-docs-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Comptoir</title>');
  fs.cpSync(path.join(WEB_PUBLIC, 'documentation'), path.join(webDist, 'documentation'), { recursive: true });
  t = await buildDemoTestApp({ days: 2, endDay: '2026-03-01' }, { webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

async function libraryOf(email: string): Promise<DocumentationEntry[]> {
  const { accessToken } = await signInAs(t, email, DEMO_PASSWORD);
  const res = await t.as(accessToken).get('/api/documentation');
  expect(res.statusCode).toBe(200);
  return (res.json() as DocumentationResponse).documents;
}

/** `/documentation/x.pdf` → the file in apps/web/public. */
const publicFile = (url: string) => path.join(WEB_PUBLIC, decodeURIComponent(url.replace(/^\//, '')));

describe('GET /api/documentation', () => {
  it('holds every document of the catalogue as migration 021 seeded it', async () => {
    const rows = await t.database.db
      .selectFrom('documents')
      .select(['id', 'title', 'author', 'description', 'pdf_url', 'background_url', 'is_suite', 'position'])
      .where(
        'id',
        'in',
        LIBRARY_DOCUMENTS.map((d) => d.id),
      )
      .orderBy('id')
      .execute();
    expect(rows).toEqual(
      [...LIBRARY_DOCUMENTS]
        .sort((a, b) => a.id.localeCompare(b.id))
        .map((d) => ({
          id: d.id,
          title: d.title,
          author: d.author,
          description: d.description,
          pdf_url: documentPdfUrl(d.guide),
          background_url: documentBackgroundUrl(d.background),
          is_suite: d.isSuite,
          position: d.position,
        })),
    );
  });

  it('lists the suite documents, in order, to a suite user (demo@), never the incident list', async () => {
    const titles = (await libraryOf('demo@comptoir.test')).map((d) => d.title);
    expect(titles).toEqual([
      'Guide de démarrage rapide — Comptoir Suite',
      'Vérifier une archive fiscale',
      'Guide de l’export comptable (FEC)',
      'Guide des comptes clients — Comptoir Suite',
    ]);
  });

  it('lists the standard documents to a standard user (standard@), never the incident list', async () => {
    const titles = (await libraryOf('standard@comptoir.test')).map((d) => d.title);
    expect(titles).toEqual([
      'Guide de démarrage rapide',
      'Vérifier une archive fiscale',
      'Guide de l’export comptable (FEC)',
      'Guide des comptes clients',
    ]);
  });

  it('follows the is_suite column: a document added for the suite reaches suite users only', async () => {
    await t.database.db
      .insertInto('documents')
      .values({
        title: 'Note de version Suite',
        pdf_url: '/documentation/note.pdf',
        is_suite: true,
        position: 99,
      })
      .execute();
    try {
      expect((await libraryOf('demo@comptoir.test')).map((d) => d.title)).toContain('Note de version Suite');
      expect((await libraryOf('standard@comptoir.test')).map((d) => d.title)).not.toContain(
        'Note de version Suite',
      );
    } finally {
      await t.database.db.deleteFrom('documents').where('title', '=', 'Note de version Suite').execute();
    }
  });

  it('keeps the incident list in the table, hidden by its title, on the file the errors page links to', async () => {
    const rows = await t.database.db
      .selectFrom('documents')
      .select(['title', 'pdf_url'])
      .where('title', '=', INCIDENT_LIST_TITLE)
      .execute();
    expect(rows).toEqual([{ title: INCIDENT_LIST_TITLE, pdf_url: FISCAL_INCIDENT_LIST_PDF_URL }]);
    expect(fs.existsSync(publicFile(FISCAL_INCIDENT_LIST_PDF_URL))).toBe(true);
  });

  it('gives every document an author, a description, and a PDF and a background that exist in the portal', async () => {
    const documents = [
      ...(await libraryOf('demo@comptoir.test')),
      ...(await libraryOf('standard@comptoir.test')),
    ];
    for (const document of documents) {
      expect(document.author, document.title).toBeTruthy();
      expect(document.description?.length, document.title).toBeGreaterThan(40);
      expect(document.pdf_url).toMatch(/^\/documentation\/[a-z0-9-]+\.pdf$/);
      expect(document.background_url).toMatch(/^\/documentation\/[a-z0-9-]+\.svg$/);
      expect(fs.readFileSync(publicFile(document.pdf_url)).subarray(0, 5).toString()).toBe('%PDF-');
      expect(fs.readFileSync(publicFile(document.background_url!), 'utf8')).toContain('<svg');
    }
  });

  it('serves each PDF from the built portal as a PDF', async () => {
    const urls = new Set([
      ...(await libraryOf('demo@comptoir.test')).map((d) => d.pdf_url),
      ...(await libraryOf('standard@comptoir.test')).map((d) => d.pdf_url),
      FISCAL_INCIDENT_LIST_PDF_URL,
    ]);
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.equals(fs.readFileSync(publicFile(url)))).toBe(true);
    }
  });

  it('refuses a caller without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/documentation' });
    expect(res.statusCode).toBe(401);
  });
});

describe('titles and descriptions in the reader’s language (issue 31, item 20)', () => {
  /** The library a new user of the given edition and saved locale is shown. */
  async function libraryIn(
    edition: 'suite' | 'standard',
    locale: 'fr-FR' | 'es-ES' | 'ca-ES',
    query = '',
  ): Promise<DocumentationEntry[]> {
    const { accountId } = await createAccount(t.database.db, { edition });
    const user = await createTestUser(t.database.db, {
      accountId,
      locale,
      groups: edition === 'suite' ? ['comptoir-suite'] : [],
    });
    const { accessToken } = await signInAs(t, user.email);
    const res = await t.as(accessToken).get(`/api/documentation${query}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as DocumentationResponse).documents;
  }
  const FRENCH_WORDS = /\b(Guide|Vérifier|Se connecter|Équipe|archive fiscale|comptes clients)\b/;

  it('gives a user whose locale is es the Spanish titles, authors and descriptions', async () => {
    const documents = await libraryIn('suite', 'es-ES');
    expect(documents.map((d) => d.title)).toEqual([
      'Guía de inicio rápido — Comptoir Suite',
      'Verificar un archivo fiscal',
      'Guía de la exportación contable (FEC)',
      'Guía de las cuentas de clientes — Comptoir Suite',
    ]);
    expect(documents[0]!.description).toMatch(/^Iniciar sesión, pasar de un establecimiento a otro/);
    expect(documents[0]!.author).toBe('Equipo Comptoir');
    for (const d of documents) expect(`${d.title} ${d.author} ${d.description}`).not.toMatch(FRENCH_WORDS);
  });

  it('gives a user whose locale is ca the Catalan ones', async () => {
    const documents = await libraryIn('standard', 'ca-ES');
    expect(documents.map((d) => d.title)).toEqual([
      'Guia d’inici ràpid',
      'Verificar un arxiu fiscal',
      'Guia de l’exportació comptable (FEC)',
      'Guia dels comptes de clients',
    ]);
    expect(documents[1]!.description).toMatch(/^Què conté un arxiu fiscal/);
    for (const d of documents) expect(`${d.title} ${d.author} ${d.description}`).not.toMatch(FRENCH_WORDS);
  });

  it('keeps the spec’s French for fr, and answers the language the portal asks for', async () => {
    expect((await libraryIn('standard', 'fr-FR')).map((d) => d.title)).toEqual([
      'Guide de démarrage rapide',
      'Vérifier une archive fiscale',
      'Guide de l’export comptable (FEC)',
      'Guide des comptes clients',
    ]);
    const english = await libraryIn('standard', 'es-ES', '?locale=en');
    expect(english.map((d) => d.title)).toEqual([
      'Quick start guide',
      'Checking a tax archive',
      'Accounting export guide (FEC)',
      'Customer accounts guide',
    ]);
  });

  it('falls back to the French text for a document that has no translation', async () => {
    await t.database.db
      .insertInto('documents')
      .values({ title: 'Note de version', pdf_url: '/documentation/note.pdf', is_suite: false, position: 99 })
      .execute();
    try {
      expect((await libraryIn('standard', 'es-ES')).map((d) => d.title)).toContain('Note de version');
    } finally {
      await t.database.db.deleteFrom('documents').where('title', '=', 'Note de version').execute();
    }
  });
});
