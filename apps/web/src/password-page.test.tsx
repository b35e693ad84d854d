import { PASSWORD_RULE, tokenRenewalLockName } from '@comptoir/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, jsonResponse } from './testing/fakeBrowser';

/** The elements of the server's page (apps/server account-migration/password-page.ts) the script uses. */
const PAGE = `
  <p id="form-error" hidden></p>
  <section id="signed-out" hidden><p id="signed-out-text">Connectez-vous.</p></section>
  <section id="done" hidden><a href="/">Retour au portail</a></section>
  <form id="password-form" novalidate>
    <input id="current-password"><p id="current-password-error" hidden></p>
    <input id="new-password"><p id="new-password-error" hidden></p>
    <input id="confirm-password"><p id="confirm-password-error" hidden></p>
    <button type="submit">Modifier le mot de passe</button>
  </form>`;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const tokenValidFor = (seconds: number) => fakeJwt({ iat: nowSeconds(), exp: nowSeconds() + seconds });
const byId = (id: string) => document.getElementById(id)!;
const fetchMock = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>();
/** The Web Locks the page asks for; each is granted at once (happy-dom has no LockManager.request). */
const lockNames: string[] = [];
const locks = {
  request(name: string, ...rest: unknown[]): Promise<unknown> {
    lockNames.push(name);
    const callback = rest.at(-1) as (lock: { name: string }) => unknown;
    return Promise.resolve(callback({ name }));
  },
};

async function openPage(): Promise<void> {
  document.body.innerHTML = PAGE;
  vi.resetModules();
  await import('./password-page');
}

async function submit(current: string, next: string, confirm = next): Promise<void> {
  (byId('current-password') as HTMLInputElement).value = current;
  (byId('new-password') as HTMLInputElement).value = next;
  (byId('confirm-password') as HTMLInputElement).value = confirm;
  byId('password-form').dispatchEvent(new Event('submit', { cancelable: true }));
  await vi.waitFor(() =>
    expect((byId('password-form').querySelector('button') as HTMLButtonElement).disabled).toBe(false),
  );
}

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockReset();
  lockNames.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('navigator', { locks });
});
afterEach(() => vi.unstubAllGlobals());

describe('the change-password page', () => {
  it('offers the sign-in when there is no session', async () => {
    await openPage();
    expect(byId('signed-out').hidden).toBe(false);
    expect(byId('password-form').hidden).toBe(true);
  });

  it("checks the fields before sending, with the contracts' password rule", async () => {
    localStorage.setItem('refreshToken', 'r1');
    await openPage();
    await submit('', 'faible', 'autre');
    expect(byId('current-password-error').textContent).toBe('Saisissez votre mot de passe actuel.');
    expect(byId('new-password-error').textContent).toBe(PASSWORD_RULE.message);
    expect(byId('confirm-password-error').textContent).toBe('Les mots de passe ne correspondent pas.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts with a fresh access token and shows a refusal on its field', async () => {
    const token = tokenValidFor(900);
    localStorage.setItem('accessToken', token);
    localStorage.setItem('refreshToken', 'r1');
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { error: { code: 'SAME_PASSWORD' } }));
    await openPage();
    await submit('Ancien-mot-1', 'Nouveau-mot-2');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/auth/password');
    expect(new Headers(init?.headers).get('authorization')).toBe(`Bearer ${token}`);
    expect(JSON.parse(String(init?.body))).toEqual({
      currentPassword: 'Ancien-mot-1',
      newPassword: 'Nouveau-mot-2',
    });
    expect(byId('new-password-error').textContent).toBe(
      "Le nouveau mot de passe doit être différent de l'ancien.",
    );
  });

  it("renews an access token about to expire through the portal's renewal, then posts with the new one", async () => {
    localStorage.setItem('accessToken', tokenValidFor(60));
    localStorage.setItem('refreshToken', 'r1');
    const renewed = tokenValidFor(900);
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { accessToken: renewed, refreshToken: 'r2' }))
      .mockResolvedValueOnce(jsonResponse(200, { success: true }));
    await openPage();
    await submit('Ancien-mot-1', 'Nouveau-mot-2');
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/auth/accessToken/?refreshToken=r1');
    expect(new Headers(fetchMock.mock.calls[1]![1]?.headers).get('authorization')).toBe(`Bearer ${renewed}`);
    expect(localStorage.getItem('refreshToken')).toBe('r2');
    expect(lockNames).toEqual([tokenRenewalLockName('user')]);
    expect(byId('done').hidden).toBe(false);
    expect(byId('password-form').hidden).toBe(true);
  });

  it('drops the tokens and asks to sign in again when the renewal is refused', async () => {
    localStorage.setItem('accessToken', tokenValidFor(60));
    localStorage.setItem('refreshToken', 'r1');
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { error: { code: 'REFRESH_TOKEN_INVALID' } }));
    await openPage();
    await submit('Ancien-mot-1', 'Nouveau-mot-2');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(byId('signed-out').hidden).toBe(false);
    expect(byId('signed-out-text').textContent).toBe(
      'Votre session a expiré. Reconnectez-vous pour modifier votre mot de passe.',
    );
  });

  it('keeps the tokens and says so when the renewal service fails', async () => {
    localStorage.setItem('accessToken', tokenValidFor(60));
    localStorage.setItem('refreshToken', 'r1');
    fetchMock.mockResolvedValueOnce(jsonResponse(503, {}));
    await openPage();
    await submit('Ancien-mot-1', 'Nouveau-mot-2');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(byId('form-error').hidden).toBe(false);
    expect(byId('form-error').textContent).toBe('Une erreur est survenue.');
  });
});
