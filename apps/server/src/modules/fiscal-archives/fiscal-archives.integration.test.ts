import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '@comptoir/pos-sim';
import { publicKeyFromRaw, verifyRecord } from '@comptoir/fiscal';
import type { FiscalArchiveAnswer, FiscalFileCheckResult, SignedRecord } from '@comptoir/contracts';
import { DEMO_PASSWORD } from '../../demo/demo-users';
import { buildDemoTestApp, openViewAs, signInAs, type TestApp, waitFor } from '../../test-helpers';

/** Three demo days through the real ingestion, then archives built by the API and its job. */
const FIRST = '2026-03-05';
const LAST = '2026-03-07';

const [suite, standard] = demoAccounts();
const brasserieId = suite!.establishments[0]!.companyId;
const creperieId = standard!.establishments[0]!.companyId;
const EMAIL = 'compta@groupe-dupont.fr';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildDemoTestApp({ days: 3, endDay: LAST });
  token = (await signInAs(t, 'demo@comptoir.test', DEMO_PASSWORD)).accessToken;
});
afterAll(() => t.close());

const db = () => t.database.db;

const holder = () => t.as(token);
/** Where an establishment's archive is asked for. */
const archiveUrl = (companyId = brasserieId) => `/api/administration-fiscale/${companyId}/`;

interface Part {
  filename: string;
  type: string;
  content: Buffer | string;
  name?: string;
}

function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const boundary = '----comptoir-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name ?? 'myFile'}"; ` +
          `filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
      ),
      Buffer.from(part.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function checkFile(parts: Part[]) {
  const { body, contentType } = multipart(parts);
  return holder().post('/api/administration-fiscale/check-fiscal-file', body, {
    headers: { 'content-type': contentType },
  });
}

async function check(csv: Buffer | string, key: Buffer | string): Promise<FiscalFileCheckResult> {
  const res = await checkFile([
    { filename: 'archive.csv', type: 'text/csv', content: csv },
    { filename: 'cle.txt', type: 'text/plain', content: key },
  ]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Builds an archive through the API and the job; returns the files fetched from the mailed links. */
async function buildArchive(kind: 'cashing' | 'closing', email = EMAIL) {
  const res = await holder().get(archiveUrl(), {
    query: { startDate: '20260305', endDate: '20260307', email, kind },
  });
  expect(res.statusCode, res.body).toBe(200);
  const answer = res.json<FiscalArchiveAnswer>();
  expect(answer).toMatchObject({ success: true, hasData: true, message: 'exportProcessing' });
  const exported = await waitFor(() =>
    db()
      .selectFrom('exports')
      .select(['status', 'error'])
      .where('id', '=', answer.exportId!)
      .where('status', 'in', ['done', 'failed'])
      .executeTakeFirst(),
  );
  expect(exported).toEqual({ status: 'done', error: null });
  const archive = await db()
    .selectFrom('archives')
    .selectAll()
    .where('export_id', '=', answer.exportId!)
    .executeTakeFirstOrThrow();
  const mail = await db()
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const links = [...mail.text.matchAll(/https?:\/\/\S+\/api\/administration-fiscale\/archives\/\S+/g)].map(
    (m) => new URL(m[0]),
  );
  expect(links.map((link) => link.pathname)).toEqual([
    `/api/administration-fiscale/archives/${archive.id}/csv`,
    `/api/administration-fiscale/archives/${archive.id}/txt`,
    `/api/administration-fiscale/archives/${archive.id}/guide`,
  ]);
  const [csvRes, keyRes] = await Promise.all(
    links.map((link) => t.as(null).get(`${link.pathname}${link.search}`)),
  );
  expect(csvRes!.statusCode).toBe(200);
  expect(csvRes!.headers['content-disposition']).toContain('.csv');
  expect(csvRes!.headers['cache-control']).toBe('no-store');
  expect(keyRes!.statusCode).toBe(200);
  return { archive, mail, links, csv: csvRes!.rawPayload, key: keyRes!.body };
}

describe('fiscal archive and its verification key', () => {
  let first: Awaited<ReturnType<typeof buildArchive>>;

  beforeAll(async () => {
    first = await buildArchive('cashing');
  });

  it('archives every signed sales record of the period, each verifiable with its register key', async () => {
    const lines = first.csv.toString('utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('register_id;kind;seq;v;at;prev_sig;sig;data');
    const { count } = await db()
      .selectFrom('pos_records')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('company_id', '=', brasserieId)
      .where('kind', '<>', 'closure')
      .executeTakeFirstOrThrow();
    expect(lines.length - 1).toBe(Number(count));
    expect(lines.length).toBeGreaterThan(10);

    const fields = [...lines[1]!.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"'));
    const [registerId, kind, seq, v, at, prev, sig, data] = fields as [string, ...string[]];
    const register = await db()
      .selectFrom('registers')
      .select('public_key')
      .where('id', '=', registerId)
      .executeTakeFirstOrThrow();
    const record = {
      v: Number(v),
      kind,
      seq: Number(seq),
      at,
      prev: prev || null,
      data: JSON.parse(data!),
      sig,
    };
    expect(verifyRecord(publicKeyFromRaw(register.public_key), registerId, record as SignedRecord)).toBe(
      true,
    );
  });

  it('signs a key naming the file hash, period, establishment and no predecessor; mails the links', () => {
    const key = first.key;
    expect(key).toMatch(/^comptoir\/fiscal-archive-key\/v2\n/);
    expect(key).toContain(`file_sha256=${first.archive.sha256}\n`);
    expect(key).toContain(`company_id=${brasserieId}\n`);
    expect(key).toContain('kind=cashing\nperiod_start=2026-03-05\nperiod_end=2026-03-07\n');
    expect(key).toContain('archive_seq=1\nprevious_archive_sha256=none\n');
    expect(key).toMatch(/\nsignature=[A-Za-z0-9+/=]+\n$/);
    expect(first.mail.subject).toBe('Archive fiscale des encaissements du 05/03/2026 au 07/03/2026');
  });

  it('records a JET event for the archive', async () => {
    const events = await db().selectFrom('jet_events').selectAll().where('code', '=', '41').execute();
    expect(events).toHaveLength(1);
    expect(events[0]!.details).toMatchObject({ archiveId: first.archive.id, kind: 'cashing', seq: 1 });
  });

  it('checks an untouched archive as valid, with who asked for it', async () => {
    const result = await check(first.csv, first.key);
    expect(result).toMatchObject({
      isValid: true,
      isIntact: true,
      isAuthentic: true,
      keyexisting: true,
      exportHistoryErrors: 0,
      opening_export_date: FIRST,
      closing_export_date: LAST,
      email: EMAIL,
      problems: [],
    });
    expect(result.company).toBeTruthy();
    expect(result.username).toBeTruthy();
    const stored = await db().selectFrom('fiscal_file_checks').selectAll().execute();
    expect(stored.at(-1)).toMatchObject({
      archive_id: first.archive.id,
      is_intact: true,
      is_authentic: true,
    });
  });

  it('finds one byte changed in the archive: integrity not assured, the .csv named', async () => {
    const tampered = Buffer.from(first.csv);
    const at = tampered.length - 10;
    tampered[at] = tampered[at] === 0x31 ? 0x32 : 0x31;
    const result = await check(tampered, first.key);
    expect(result).toMatchObject({ isValid: false, isIntact: false, isAuthentic: true, keyexisting: true });
    expect(result.problems).toEqual([
      'Le fichier « archive.csv » a été modifié : son empreinte SHA-256 ne correspond pas à celle de la clé.',
    ]);
  });

  it('finds one byte changed in the key: authenticity refused, the .txt named', async () => {
    const tampered = first.key.replace('period_end=2026-03-07', 'period_end=2026-03-08');
    expect(tampered).not.toBe(first.key);
    const result = await check(first.csv, tampered);
    expect(result).toMatchObject({ isValid: false, isIntact: true, isAuthentic: false });
    expect(result.problems).toEqual([
      "La clé « cle.txt » n'est pas authentique : la signature du serveur ne correspond pas à son contenu.",
    ]);
  });

  it('journals failed checks once per caller and hour, and keeps every check with its count', async () => {
    const before = await db().selectFrom('fiscal_file_checks').select('id').execute();
    for (let i = 0; i < 10; i++) {
      expect(await check(`garbage ${i}`, `not a key ${i}`)).toMatchObject({ isValid: false });
    }
    const checks = await db().selectFrom('fiscal_file_checks').select('id').execute();
    expect(checks.length - before.length).toBe(10);
    const failed = (
      await db().selectFrom('jet_events').selectAll().where('code', '=', '43').orderBy('seq').execute()
    ).filter((event) => event.details.isValid === false);
    const hours = failed.map((event) => `${event.user_id} ${Math.floor(+event.occurred_at / 3_600_000)}`);
    expect(new Set(hours).size).toBe(hours.length);
    const tallies = await db()
      .selectFrom('jet_refusal_tallies')
      .select(['code', 'count'])
      .where('code', '=', '43')
      .execute();
    expect(tallies.reduce((sum, tally) => sum + tally.count, 0)).toBeGreaterThanOrEqual(10);
  });

  it('chains a second archive to the first, and both check valid', async () => {
    const second = await buildArchive('closing');
    expect(second.archive.seq).toBe(2);
    expect(second.archive.prev_archive_sha256).toBe(first.archive.sha256);
    expect(second.key).toContain(`archive_seq=2\nprevious_archive_sha256=${first.archive.sha256}\n`);
    expect(second.csv.toString('utf8')).toContain('"closure"');
    expect(await check(second.csv, second.key)).toMatchObject({ isValid: true, exportHistoryErrors: 0 });
    expect(await check(first.csv, first.key)).toMatchObject({ isValid: true });
  });

  it('refuses a forged or expired download link', async () => {
    const link = first.links[0]!;
    const forged = link.search.replace(
      /signature=([0-9a-f])/,
      (_, c: string) => `signature=${c === '0' ? '1' : '0'}`,
    );
    const res = await t.app.inject({ method: 'GET', url: `${link.pathname}${forged}` });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ARCHIVE_LINK_INVALID');
    const expired = await t.app.inject({
      method: 'GET',
      url: `${link.pathname}?expires=1000&signature=${'0'.repeat(64)}`,
    });
    expect(expired.json().error.code).toBe('ARCHIVE_LINK_INVALID');
  });
});

describe('archive request rules', () => {
  it('answers noData for a period without records, and builds nothing', async () => {
    const res = await holder().get(archiveUrl(), {
      query: {
        startDate: '20250101',
        endDate: '20250131',
        email: EMAIL,
        kind: 'cashing',
      },
    });
    expect(res.json()).toEqual({ success: true, hasData: false, message: 'noData', exportId: null });
  });

  it.each([
    [
      { startDate: '20260307', endDate: '20260305' },
      'REVERSED_DATES',
      'La date de début est supérieure à la date de fin',
    ],
    [
      { startDate: '20250305', endDate: '20260305' },
      'PERIOD_TOO_LONG',
      'La période ne doit pas dépasser un an.',
    ],
    [{ startDate: '2026-13-01', endDate: '20260305' }, 'INVALID_DATE', undefined],
  ])('refuses %o with %s', async (dates, code, message) => {
    const res = await holder().get(archiveUrl(), { query: { ...dates, email: EMAIL, kind: 'cashing' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(code);
    if (message) expect(res.json().error.message).toBe(message);
  });

  it('refuses an invalid e-mail, another account’s establishment, and no token', async () => {
    const dates = { startDate: '20260305', endDate: '20260307', kind: 'cashing' };
    expect(
      (await holder().get(archiveUrl(), { query: { ...dates, email: 'compta@' } })).json().error.code,
    ).toBe('INVALID_EMAIL');
    const other = await holder().get(archiveUrl(creperieId), { query: { ...dates, email: EMAIL } });
    expect(other.statusCode).toBe(404);
    expect((await t.as(null).get(archiveUrl(), { query: { ...dates, email: EMAIL } })).statusCode).toBe(401);
  });
});

describe('malformed uploads', () => {
  const csv = { filename: 'a.csv', type: 'text/csv', content: 'x' };
  const key = { filename: 'a.txt', type: 'text/plain', content: 'y' };

  it.each([
    ['only a .csv', [csv], 400, 'FILES_MISSING'],
    ['two .csv', [csv, csv], 400, 'FILES_MISSING'],
    ['a .pdf', [csv, { ...key, filename: 'a.pdf' }], 400, 'FILE_TYPE'],
    ['a .txt not text/plain', [csv, { ...key, type: 'application/octet-stream' }], 400, 'FILE_TYPE'],
    ['a key over 64 KB', [csv, { ...key, content: 'k'.repeat(65 * 1024) }], 413, 'FILE_TOO_LARGE'],
    ['a part not named myFile', [csv, { ...key, name: 'other' }], 400, 'FILES_MISSING'],
  ] as const)('refuses %s', async (_label, parts, status, code) => {
    const res = await checkFile([...parts]);
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
  });

  it('refuses a body that is not multipart, or a truncated one', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/administration-fiscale/check-fiscal-file',
      payload: { myFile: 'x' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.code).toBe('NOT_MULTIPART');
    const { body, contentType } = multipart([csv, key]);
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/api/administration-fiscale/check-fiscal-file',
      payload: body.subarray(0, body.length - 40),
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    });
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().error.code).toBe('MALFORMED_UPLOAD');
  });
});

describe('who may build an archive (a GET that queues a job and sends mail is a write)', () => {
  const query = {
    startDate: '20260305',
    endDate: '20260307',
    email: 'someone@elsewhere.test',
    kind: 'closing',
  };

  async function footprint() {
    const count = async (table: 'jobs' | 'exports' | 'archives' | 'mail_outbox' | 'jet_events') =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      jobs: await count('jobs'),
      exports: await count('exports'),
      archives: await count('archives'),
      mails: await count('mail_outbox'),
      jet: await count('jet_events'),
    };
  }

  it('refuses a sub-user without the fiscal administration service, and nothing is queued or mailed', async () => {
    const subUser = (await signInAs(t, 'serveur@comptoir.test', DEMO_PASSWORD)).accessToken;
    const before = await footprint();
    const res = await t.as(subUser).get(archiveUrl(), { query });
    expect([res.statusCode, res.json().error.code]).toEqual([403, 'SUB_USER_NO_ACCESS']);
    expect(await footprint()).toEqual(before);
  });

  it('refuses a read-only view-as-customer session, and nothing is queued, chained, journaled or mailed', async () => {
    const staff = (await signInAs(t, 'support@comptoir.test', DEMO_PASSWORD)).accessToken;
    const viewAs = (await openViewAs(t, staff, suite!.accountId)).accessToken;
    const before = await footprint();
    const res = await t.as(viewAs).get(archiveUrl(), { query });
    expect([res.statusCode, res.json().error.code]).toEqual([403, 'VIEW_AS_READ_ONLY']);
    expect(await footprint()).toEqual(before);
  });
});
