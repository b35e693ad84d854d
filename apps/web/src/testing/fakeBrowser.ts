import { vi } from 'vitest';

/** An unsigned JWT carrying the given claims: the portal only reads them. */
export function fakeJwt(claims: { iat?: number; exp?: number }): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: 'user', ...claims })}.signature`;
}

export class MemoryStorage implements Pick<Storage, 'getItem' | 'setItem' | 'removeItem' | 'clear'> {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  clear(): void {
    this.items.clear();
  }
}

/** Node has no window: the globals the session and API client touch, with a scripted server. */
export function installFakeBrowser(path = '/reports?tab=1') {
  const storage = new MemoryStorage();
  const location = new URL(`http://comptoir.test${path}`);
  const assign = vi.fn<(url: string) => void>();
  const replace = vi.fn<(url: string) => void>();
  const reload = vi.fn<() => void>();
  const fetch = vi.fn<(input: string, init?: RequestInit) => Promise<Response>>();
  vi.stubGlobal('localStorage', storage);
  vi.stubGlobal('navigator', {});
  vi.stubGlobal('fetch', fetch);
  vi.stubGlobal('window', {
    location: {
      pathname: location.pathname,
      search: location.search,
      hash: location.hash,
      assign,
      replace,
      reload,
    },
    // Looked up at call time so that vi.useFakeTimers() applies.
    setInterval: (handler: () => void, ms: number) => globalThis.setInterval(handler, ms),
    clearInterval: (id: number) => globalThis.clearInterval(id),
  });
  return { storage, assign, replace, reload, fetch };
}

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
