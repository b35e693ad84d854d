import crypto from 'node:crypto';
import type { Video, VideoStateEntry } from '@comptoir/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, createTestUser, signInAs, type TestApp } from '../../test-helpers';

let t: TestApp;
let holder: string;
let colleague: string;
let otherAccountHolder: string;
let subUserWithHelp: string;
let subUserWithoutHelp: string;
let videos: Video[];

async function tokenOf(input: Parameters<typeof createTestUser>[1]): Promise<string> {
  const user = await createTestUser(t.database.db, input);
  return (await signInAs(t, user.email)).accessToken;
}

beforeAll(async () => {
  t = await buildTestApp();
  const { accountId } = await createAccount(t.database.db);
  const { accountId: otherAccountId } = await createAccount(t.database.db, { edition: 'suite' });
  holder = await tokenOf({ accountId });
  colleague = await tokenOf({ accountId, role: 'sub_user', services: ['help'] });
  subUserWithHelp = colleague;
  subUserWithoutHelp = await tokenOf({ accountId, role: 'sub_user', services: ['customer_accounts'] });
  otherAccountHolder = await tokenOf({ accountId: otherAccountId });
  videos = await listVideos(holder);
});
beforeEach(async () => {
  await t.database.db.deleteFrom('video_states').execute();
});
afterAll(() => t.close());

async function listVideos(accessToken: string): Promise<Video[]> {
  const res = await t.as(accessToken).get('/api/videos');
  expect(res.statusCode).toBe(200);
  return (res.json() as { videos: Video[] }).videos;
}

async function getStates(accessToken: string): Promise<VideoStateEntry[]> {
  const res = await t.as(accessToken).get('/api/videos/states');
  expect(res.statusCode).toBe(200);
  return (res.json() as { states: VideoStateEntry[] }).states;
}

const idOf = (position: number) => videos[position - 1]!.id;
const errorCode = (res: { json(): unknown }) => (res.json() as { error: { code: string } }).error.code;

describe('GET /api/videos', () => {
  it('lists the seven training videos in order, with their files and captions, none opened yet', async () => {
    expect(videos.map((v) => v.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(videos[0]).toMatchObject({
      title: 'Premiers pas sur Comptoir',
      link: '/videos/training-01-premiers-pas.webm',
      captions: '/videos/training-01-premiers-pas.fr.vtt',
      icon: '/videos/training-01-premiers-pas.jpg',
      state: null,
    });
    expect(videos.map((v) => v.title)).toContain("Inviter l'inspecteur des impôts");
    expect(new Set(videos.map((v) => v.id)).size).toBe(7);
    expect(videos.every((v) => v.durationSeconds > 0)).toBe(true);
  });

  it("gives each video the caller's own state", async () => {
    expect(
      (await t.as(holder).post('/api/videos/states', [{ videoId: idOf(2), state: 'paused', time: 4.5 }]))
        .statusCode,
    ).toBe(200);
    const listed = await listVideos(holder);
    expect(listed[1]!.state).toEqual({ state: 'paused', time: 4.5 });
    expect(listed.filter((v) => v.state !== null)).toHaveLength(1);
  });
});

describe('POST /api/videos/states', () => {
  it('stores watched, in-progress and paused states with their positions', async () => {
    const res = await t.as(holder).post('/api/videos/states', [
      { videoId: idOf(1), state: 'watched', time: 12 },
      { videoId: idOf(3), state: 'paused', time: 7.25 },
      { videoId: idOf(2), state: 'inProgress', time: 0 },
    ]);
    expect(res.statusCode).toBe(200);
    const expected = [
      { videoId: idOf(1), state: 'watched', time: 12 },
      { videoId: idOf(2), state: 'inProgress', time: 0 },
      { videoId: idOf(3), state: 'paused', time: 7.25 },
    ];
    expect((res.json() as { states: VideoStateEntry[] }).states).toEqual(expected);
    expect(await getStates(holder)).toEqual(expected);
  });

  it('pauses the video in progress, at its position, when another one starts playing', async () => {
    await t.as(holder).post('/api/videos/states', [{ videoId: idOf(1), state: 'inProgress', time: 3 }]);
    await t.as(holder).post('/api/videos/states', [{ videoId: idOf(4), state: 'inProgress', time: 0 }]);
    expect(await getStates(holder)).toEqual([
      { videoId: idOf(1), state: 'paused', time: 3 },
      { videoId: idOf(4), state: 'inProgress', time: 0 },
    ]);
  });

  it('replaces a state: pausing stores the time, the end marks it watched', async () => {
    await t.as(holder).post('/api/videos/states', [{ videoId: idOf(5), state: 'inProgress', time: 0 }]);
    await t.as(holder).post('/api/videos/states', [{ videoId: idOf(5), state: 'paused', time: 6.5 }]);
    expect(await getStates(holder)).toEqual([{ videoId: idOf(5), state: 'paused', time: 6.5 }]);
    await t.as(holder).post('/api/videos/states', [{ videoId: idOf(5), state: 'watched', time: 12 }]);
    expect(await getStates(holder)).toEqual([{ videoId: idOf(5), state: 'watched', time: 12 }]);
  });

  it('keeps states per user: a colleague of the same account and another account start blank', async () => {
    await t.as(holder).post('/api/videos/states', [{ videoId: idOf(1), state: 'watched', time: 12 }]);
    await t.as(colleague).post('/api/videos/states', [{ videoId: idOf(2), state: 'paused', time: 2 }]);
    expect(await getStates(holder)).toEqual([{ videoId: idOf(1), state: 'watched', time: 12 }]);
    expect(await getStates(colleague)).toEqual([{ videoId: idOf(2), state: 'paused', time: 2 }]);
    expect(await getStates(otherAccountHolder)).toEqual([]);
    expect((await listVideos(otherAccountHolder)).every((v) => v.state === null)).toBe(true);
  });

  it("never pauses another user's video in progress", async () => {
    await t.as(holder).post('/api/videos/states', [{ videoId: idOf(1), state: 'inProgress', time: 1 }]);
    await t
      .as(otherAccountHolder)
      .post('/api/videos/states', [{ videoId: idOf(2), state: 'inProgress', time: 1 }]);
    expect(await getStates(holder)).toEqual([{ videoId: idOf(1), state: 'inProgress', time: 1 }]);
  });

  it.each([
    [
      'an unknown video',
      () => [{ videoId: crypto.randomUUID(), state: 'paused', time: 1 }],
      'VIDEO_NOT_FOUND',
    ],
    ['a negative time', () => [{ videoId: idOf(1), state: 'paused', time: -1 }], 'INVALID_VIDEO_TIME'],
    ['an absurd time', () => [{ videoId: idOf(1), state: 'paused', time: 1e9 }], 'INVALID_VIDEO_TIME'],
    [
      'a time past the end of the video',
      () => [{ videoId: idOf(1), state: 'paused', time: 60 }],
      'INVALID_VIDEO_TIME',
    ],
    [
      'two states for one video',
      () => [
        { videoId: idOf(1), state: 'paused', time: 1 },
        { videoId: idOf(1), state: 'watched', time: 12 },
      ],
      'DUPLICATE_VIDEO_STATE',
    ],
    [
      'two videos in progress',
      () => [
        { videoId: idOf(1), state: 'inProgress', time: 1 },
        { videoId: idOf(2), state: 'inProgress', time: 1 },
      ],
      'SEVERAL_VIDEOS_IN_PROGRESS',
    ],
    ['an unknown state', () => [{ videoId: idOf(1), state: 'read', time: 1 }], 'VALIDATION_ERROR'],
    [
      'a time that is not a number',
      () => [{ videoId: idOf(1), state: 'paused', time: '3' }],
      'VALIDATION_ERROR',
    ],
    ['an empty array', () => [], 'VALIDATION_ERROR'],
    [
      'an object instead of an array',
      () => ({ videoId: idOf(1), state: 'paused', time: 1 }),
      'VALIDATION_ERROR',
    ],
  ])('refuses %s with 400 and stores nothing', async (_name, body, code) => {
    await t.as(holder).post('/api/videos/states', [{ videoId: idOf(3), state: 'paused', time: 2 }]);
    const res = await t.as(holder).post('/api/videos/states', body());
    expect(res.statusCode).toBe(400);
    expect(errorCode(res)).toBe(code);
    expect(await getStates(holder)).toEqual([{ videoId: idOf(3), state: 'paused', time: 2 }]);
  });

  it('refuses the whole body when one of its videos is unknown', async () => {
    const res = await t.as(holder).post('/api/videos/states', [
      { videoId: idOf(1), state: 'watched', time: 12 },
      { videoId: crypto.randomUUID(), state: 'watched', time: 12 },
    ]);
    expect(errorCode(res)).toBe('VIDEO_NOT_FOUND');
    expect(await getStates(holder)).toEqual([]);
  });
});

describe('access', () => {
  it('lets a sub-user with the help service keep its own states, and refuses one without it', async () => {
    expect(
      (
        await t
          .as(subUserWithHelp)
          .post('/api/videos/states', [{ videoId: idOf(1), state: 'paused', time: 1 }])
      ).statusCode,
    ).toBe(200);
    const refused = await t.as(subUserWithoutHelp).get('/api/videos');
    expect(refused.statusCode).toBe(403);
    expect(
      (
        await t
          .as(subUserWithoutHelp)
          .post('/api/videos/states', [{ videoId: idOf(1), state: 'paused', time: 1 }])
      ).statusCode,
    ).toBe(403);
  });

  it('refuses an anonymous caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/videos/states' });
    expect(res.statusCode).toBe(401);
  });
});

describe('titles in the reader’s language (issue 31, item 20)', () => {
  const FRENCH = [
    'Premiers pas sur Comptoir',
    'Lire vos rapports',
    'Les clôtures journalières, mensuelles et annuelles',
    "L'archive fiscale et sa vérification",
    "L'export comptable (FEC)",
    'Les comptes clients',
    "Inviter l'inspecteur des impôts",
  ];
  const SPANISH = [
    'Primeros pasos en Comptoir',
    'Leer sus informes',
    'Los cierres diarios, mensuales y anuales',
    'El archivo fiscal y su verificación',
    'La exportación contable (FEC)',
    'Las cuentas de clientes',
    'Invitar al inspector de Hacienda',
  ];
  const CATALAN = [
    'Primers passos a Comptoir',
    'Llegir els vostres informes',
    'Els tancaments diaris, mensuals i anuals',
    "L'arxiu fiscal i la seva verificació",
    "L'exportació comptable (FEC)",
    'Els comptes de clients',
    "Convidar l'inspector d'Hisenda",
  ];

  async function titlesOf(locale: 'fr-FR' | 'es-ES' | 'ca-ES', query = ''): Promise<string[]> {
    const { accountId } = await createAccount(t.database.db);
    const token = await tokenOf({ accountId, locale });
    const res = await t.as(token).get(`/api/videos${query}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { videos: Video[] }).videos.map((v) => v.title);
  }

  it('gives a user whose locale is es the Spanish titles, and ca the Catalan ones', async () => {
    expect(await titlesOf('es-ES')).toEqual(SPANISH);
    expect(await titlesOf('ca-ES')).toEqual(CATALAN);
  });

  it('keeps the spec’s French titles for fr', async () => {
    expect(await titlesOf('fr-FR')).toEqual(FRENCH);
  });

  it('answers in the language the portal asks for, English included', async () => {
    expect(await titlesOf('fr-FR', '?locale=ca')).toEqual(CATALAN);
    const english = await titlesOf('es-ES', '?locale=en');
    expect(english[0]).toBe('First steps with Comptoir');
    expect(english).toHaveLength(7);
    expect(english.filter((title) => FRENCH.includes(title) || SPANISH.includes(title))).toEqual([]);
  });
});
