import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { pgliteTemplate } from '../testing/database-templates';

const mainScript = fileURLToPath(new URL('../main.ts', import.meta.url));
const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const DRAIN_MS = 1_500;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

interface ChildServer {
  child: ChildProcess;
  port: number;
  exited: Promise<{ code: number | null; ms: number }>;
  /** Milliseconds since the SIGTERM was sent, once sent. */
  terminate(): () => number;
}

/** `npm start`'s server (main.ts) on a copy of the migrated template, listening on a free port. */
async function startServer(dataDir: string): Promise<ChildServer> {
  const { close } = await openDatabase({
    pgliteDir: path.join(dataDir, 'db'),
    loadDataDir: await pgliteTemplate(),
  });
  await close();
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let signalledAt = 0;
  const exited = new Promise<{ code: number | null; ms: number }>((resolve) =>
    child.on('exit', (code) => resolve({ code, ms: performance.now() - signalledAt })),
  );
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Comptoir is running at')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(() => reject(new Error(`server ended before listening:\n${output}`)));
  });
  return {
    child,
    port,
    exited,
    terminate: () => {
      signalledAt = performance.now();
      child.kill('SIGTERM');
      return () => performance.now() - signalledAt;
    },
  };
}

/** A sign-in whose body is sent in two halves: the request is in flight between them. */
function halfSentSignIn(port: number): { finish(): void; answer: Promise<{ status: number; body: string }> } {
  const body = JSON.stringify({ email: 'nobody@example.test', password: 'Wrong-password-1' });
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/auth/login',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  request.write(body.slice(0, 10));
  return { finish: () => request.end(body.slice(10)), answer };
}

function connects(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.on('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(process.env.TEST_DATABASE_URL)('SIGTERM', () => {
  let tmp: string;
  beforeAll(() => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-shutdown-'));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('stops accepting, lets the request in flight finish, then closes and exits 0', async () => {
    const server = await startServer(path.join(tmp, 'drain'));
    try {
      const inFlight = halfSentSignIn(server.port);
      await pause(300);
      const elapsed = server.terminate();
      await pause(300);
      expect(await connects(server.port)).toBe(false);
      inFlight.finish();
      const answer = await inFlight.answer;
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.body).error.code).toBeDefined();
      const exit = await server.exited;
      expect(exit.code).toBe(0);
      expect(elapsed()).toBeLessThan(DRAIN_MS + 10_000);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 180_000);

  it('cuts a request still running after the drain and exits 0 within the bound', async () => {
    const server = await startServer(path.join(tmp, 'stuck'));
    try {
      const stuck = halfSentSignIn(server.port);
      const cut = stuck.answer.then(
        () => 'answered',
        () => 'cut',
      );
      await pause(300);
      server.terminate();
      const exit = await server.exited;
      expect(exit.code).toBe(0);
      expect(exit.ms).toBeGreaterThanOrEqual(DRAIN_MS);
      expect(exit.ms).toBeLessThan(DRAIN_MS + 10_000);
      expect(await cut).toBe('cut');
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 180_000);
});
