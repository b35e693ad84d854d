import { parisToday } from '@comptoir/contracts';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DatabaseHandle } from '../db/database';
import {
  openPostgresCopy,
  pgliteDump,
  pgliteTemplate,
  postgresTemplate,
  postgresTemplateNamed,
  schemaKey,
} from './database-templates';

/**
 * Databases holding demo days as `loadDemo` leaves them, for the test files that read the demo: the
 * registers' days are simulated, signed and ingested once per set of days, then each file gets its
 * own copy, as it gets one of the migrated schema. A template is named by what decides its rows: the
 * sources of the server and the packages (not the tests), the installed packages, the schema, the
 * server's signing key, today's date (sessions and receipts carry the day they were made) and the
 * days asked for.
 */

export interface DemoDays {
  days: number;
  endDay: string;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function sourceFiles(dir: string, into: string[]): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(file, into);
    else if (!/\.test\.ts$/.test(entry.name)) into.push(file);
  }
  return into;
}

const generations = new Map<string, string>();

/** The key of the current sources, signing key and day: templates of another one are stale. */
function generationKey(serverPublicKey: string): string {
  const cacheKey = `${serverPublicKey} ${parisToday()}`;
  const known = generations.get(cacheKey);
  if (known) return known;
  const hash = crypto.createHash('sha256');
  hash.update(`${schemaKey()} ${cacheKey}\n`);
  hash.update(fs.readFileSync(path.join(repoRoot, 'package-lock.json')));
  const roots = [path.join(repoRoot, 'apps/server/src')];
  for (const pkg of fs.readdirSync(path.join(repoRoot, 'packages')))
    roots.push(path.join(repoRoot, 'packages', pkg, 'src'));
  for (const root of roots) {
    for (const file of sourceFiles(root, []).sort()) {
      hash.update(`${path.relative(repoRoot, file)}\n`);
      hash.update(fs.readFileSync(file));
    }
  }
  const key = hash.digest('hex').slice(0, 16);
  generations.set(cacheKey, key);
  return key;
}

/**
 * A database of its own holding the demo days, copied from a template that `fill` makes once: it
 * receives a migrated database and loads the days into it (an app on it, then `loadDemo`).
 */
export async function openDemoDatabase(
  demo: DemoDays,
  serverPublicKey: string,
  fill: (database: DatabaseHandle) => Promise<void>,
): Promise<DatabaseHandle> {
  const generation = generationKey(serverPublicKey);
  const variant = `${demo.days}d${demo.endDay.replaceAll('-', '')}`;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dump = await pgliteDump(
      { name: `demo-${generation}-${variant}`, family: 'demo-', generation: `demo-${generation}-` },
      async () => {
        const handle = await openDatabase({ loadDataDir: await pgliteTemplate() });
        try {
          await fill(handle);
          return await handle.dumpDataDir!();
        } finally {
          await handle.close();
        }
      },
    );
    return openDatabase({ loadDataDir: dump });
  }
  const template = await postgresTemplateNamed(serverUrl, {
    name: `comptoir_demo_${generation}_${variant}`,
    family: 'comptoir_demo_',
    generation: `comptoir_demo_${generation}_`,
    from: await postgresTemplate(serverUrl),
    build: async (url) => {
      const handle = await openDatabase({ databaseUrl: url });
      try {
        await fill(handle);
      } finally {
        await handle.close();
      }
    },
  });
  return openPostgresCopy(serverUrl, template);
}
