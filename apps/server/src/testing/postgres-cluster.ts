import { execFile } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const script = fileURLToPath(new URL('../../../../scripts/postgres.sh', import.meta.url));
const run = promisify(execFile);

/** A PostgreSQL cluster of a test's own, which the test may stop and start again (an outage). */
export interface OwnPostgres {
  url: string;
  /** Stops the server at once (`pg_ctl -m immediate`), keeping its files. */
  pause(): Promise<void>;
  /** Starts it again on the same port. */
  resume(): Promise<void>;
  /** Stops it and removes its files. */
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** `scripts/postgres.sh`'s functions, run in bash with the cluster's directory and port. */
async function postgresSh(command: string, env: Record<string, string>): Promise<string> {
  const { stdout } = await run('bash', ['-c', `set -e; source "${script}"; ${command}`], {
    env: { ...process.env, ...env },
  });
  return stdout;
}

/** A throw-away cluster on a free loopback port, as `scripts/postgres.sh` starts the suite's own. */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const port = String(await freePort());
  const out = await postgresSh('start_postgres >/dev/null; echo "$PG_DIR"', { PG_PORT: port });
  const dir = out.trim();
  const env = { PG_DIR: dir };
  return {
    url: `postgres://comptoir@127.0.0.1:${port}/postgres`,
    pause: async () => void (await postgresSh('pause_postgres', env)),
    resume: async () => void (await postgresSh(`serve_postgres ${port}`, env)),
    stop: async () => {
      await postgresSh('pause_postgres || true; rm -rf "$PG_DIR"', env);
    },
  };
}
