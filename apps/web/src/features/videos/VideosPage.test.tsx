import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserMe, Video, VideoState, VideoStateEntry } from '@comptoir/contracts';
import { ShellContext, type Shell } from '../../api/ShellContext';
import { VideosPage } from './VideosPage';

const shell = (groups: string[]): Shell => ({
  authState: 'authenticated',
  sessionKind: 'user',
  user: { email: 'gerant@creperie.test', type: 'customer' } as unknown as UserMe,
  groups: new Set(groups),
  isSuite: groups.includes('comptoir-suite'),
  mayChangeAccountSettings: true,
  isSubUser: false,
  isStaff: false,
  services: [],
  categories: [],
  isCategoriesError: false,
  refetchCategories: () => undefined,
});

const TITLES = ['Premiers pas', 'Lire vos rapports', 'Les clôtures'];
const video = (index: number, state: VideoState | null = null): Video => ({
  id: `a1de0000-0000-4000-8000-00000000000${index + 1}`,
  title: TITLES[index]!,
  icon: null,
  link: `/videos/${index + 1}.webm`,
  captions: `/videos/${index + 1}.fr.vtt`,
  durationSeconds: 12,
  position: index + 1,
  state,
});
const watched: VideoState = { state: 'watched', time: 12 };

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let posted: VideoStateEntry[][];

function serve(videos: Video[]) {
  posted = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init?: RequestInit) => {
      if (path === '/api/videos?locale=fr') return Promise.resolve(json({ videos }));
      if (path === '/api/videos/states' && init?.method === 'POST') {
        const changes = JSON.parse(String(init.body)) as VideoStateEntry[];
        posted.push(changes);
        return Promise.resolve(json({ states: changes }));
      }
      return Promise.resolve(json({ error: { code: 'NOT_FOUND', message: path } }, 404));
    }),
  );
}

function renderPage(groups: string[] = [], isSuitePage = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ShellContext value={shell(groups)}>
          <VideosPage isSuitePage={isSuitePage} />
        </ShellContext>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cardOf = (title: string) => screen.getByRole('button', { name: new RegExp(`^${title}`) });

beforeEach(() => {
  document.cookie = 'comptoirWatchedVideos=; Max-Age=0; Path=/';
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the videos page', () => {
  it('says so when there is no video', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('Aucune vidéo disponible')).toBeTruthy();
  });

  it('opens the paused video first and marks the watched ones in their cards', async () => {
    serve([video(0, watched), video(1), video(2, { state: 'paused', time: 5 })]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Les clôtures', level: 2 })).toBeTruthy();
    expect(cardOf('Premiers pas').textContent).toContain('Déjà vue');
    expect(cardOf('Lire vos rapports').textContent).toContain('Non vue');
    // In the player but not playing: paused (spec 1 §2.8).
    expect(cardOf('Les clôtures').textContent).toContain('En pause');
    expect(document.cookie).toContain(`comptoirWatchedVideos=${video(0).id}`);
  });

  it('stores watched at the end and moves to the next unwatched video', async () => {
    serve([video(0), video(1, watched), video(2)]);
    renderPage();
    await screen.findByRole('heading', { name: 'Premiers pas', level: 2 });
    fireEvent.ended(document.querySelector('video')!);
    expect(await screen.findByRole('heading', { name: 'Les clôtures', level: 2 })).toBeTruthy();
    await waitFor(() => expect(posted).toEqual([[{ videoId: video(0).id, state: 'watched', time: 12 }]]));
    expect(cardOf('Premiers pas').textContent).toContain('Déjà vue');
  });

  it('leaves the player empty once every video is watched', async () => {
    serve([video(0, watched), video(1, watched), video(2)]);
    renderPage();
    await screen.findByRole('heading', { name: 'Les clôtures', level: 2 });
    fireEvent.ended(document.querySelector('video')!);
    expect(await screen.findByText('Vous avez regardé toutes les vidéos.')).toBeTruthy();
    expect(document.querySelector('video')).toBeNull();
  });

  it('stores the position on pause, and inProgress on play', async () => {
    serve([video(0), video(1)]);
    renderPage();
    await screen.findByRole('heading', { name: 'Premiers pas', level: 2 });
    const element = document.querySelector('video')!;
    element.currentTime = 4;
    fireEvent.play(element);
    fireEvent.pause(element);
    await waitFor(() =>
      expect(posted).toEqual([
        [{ videoId: video(0).id, state: 'inProgress', time: 4 }],
        [{ videoId: video(0).id, state: 'paused', time: 4 }],
      ]),
    );
  });

  it("says on the player's card whether its video plays or is paused", async () => {
    serve([video(0), video(1)]);
    renderPage();
    await screen.findByRole('heading', { name: 'Premiers pas', level: 2 });
    const element = document.querySelector('video')!;
    element.currentTime = 4;
    fireEvent.play(element);
    await waitFor(() => expect(cardOf('Premiers pas').textContent).toContain('En cours de lecture'));
    fireEvent.pause(element);
    await waitFor(() => expect(cardOf('Premiers pas').textContent).toContain('En pause'));
    expect(cardOf('Premiers pas').textContent).not.toContain('En cours de lecture');
    fireEvent.play(element);
    await waitFor(() => expect(cardOf('Premiers pas').textContent).toContain('En cours de lecture'));
  });

  it('shows its own way back, except on the suite page of a suite user (the shell shows one)', async () => {
    serve([video(0)]);
    renderPage(['comptoir-suite'], true);
    await screen.findByRole('heading', { name: 'Premiers pas', level: 2 });
    expect(screen.queryByRole('button', { name: 'Retour' })).toBeNull();
  });

  it('shows the way back on the standard page', async () => {
    serve([video(0)]);
    renderPage(['comptoir-suite']);
    expect(await screen.findByRole('button', { name: 'Retour' })).toBeTruthy();
  });
});
