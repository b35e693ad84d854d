import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database';

/**
 * Migrated template databases for the tests: the migrations run once, then each test file gets its
 * own copy (a PGlite data directory loaded from a dump, or `CREATE DATABASE … TEMPLATE` on
 * PostgreSQL). A template is named by the hash of the schema's sources, so a template built from an
 * older schema is never reused.
 */

const dbDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../db');

/** Every file the migrations read (the migrations and what they import, followed through relative imports). */
function schemaSources(): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)) {
      const target = path.resolve(path.dirname(file), match[1]!);
      const resolved = [`${target}.ts`, path.join(target, 'index.ts'), target].find((f) => fs.existsSync(f));
      if (resolved && fs.statSync(resolved).isFile()) visit(resolved);
    }
  };
  visit(path.join(dbDir, 'migrations/index.ts'));
  visit(path.join(dbDir, 'migrate.ts'));
  visit(path.join(dbDir, 'database.ts'));
  return [...seen].sort();
}

let cachedKey: string | undefined;

/** The schema's key: its sources' contents and the PGlite version, hashed. */
export function schemaKey(): string {
  if (cachedKey) return cachedKey;
  const hash = crypto.createHash('sha256');
  const require = createRequire(import.meta.url);
  // The package's folder (its package.json is not exported): its version decides the dump's format.
  const pgliteRoot = path.resolve(path.dirname(require.resolve('@electric-sql/pglite')), '..');
  hash.update(fs.readFileSync(path.join(pgliteRoot, 'package.json')));
  for (const file of schemaSources()) {
    hash.update(`${path.relative(dbDir, file)}\n`);
    hash.update(fs.readFileSync(file));
  }
  cachedKey = hash.digest('hex').slice(0, 16);
  return cachedKey;
}

const templateDir = path.join(os.tmpdir(), 'comptoir-test-templates');

/** The dump of a migrated PGlite, made once per schema and kept in the system's temporary folder. */
export function pgliteTemplate(): Promise<Blob> {
  return pgliteDump(
    { name: `schema-${schemaKey()}`, family: 'schema-', generation: `schema-${schemaKey()}` },
    async () => {
      const handle = await openDatabase({});
      try {
        return await handle.dumpDataDir!();
      } finally {
        await handle.close();
      }
    },
  );
}

/**
 * Names a template: its `family` (a prefix shared with the templates of other sources) and its
 * `generation` (the prefix of those built from the same sources). Writing one deletes the family's
 * templates of other generations, which nothing will read again.
 */
export interface TemplateName {
  name: string;
  family: string;
  generation: string;
}

/**
 * A PGlite dump in the templates folder, made by `build` when missing. Two workers that miss it at
 * the same moment both build it; each renames its own finished file into place, so no reader ever
 * sees half of one.
 */
export async function pgliteDump(
  { name, family, generation }: TemplateName,
  build: () => Promise<Blob>,
): Promise<Blob> {
  const file = path.join(templateDir, `${name}.tar`);
  if (!fs.existsSync(file)) {
    const dump = await build();
    fs.mkdirSync(templateDir, { recursive: true });
    const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    for (const other of fs.readdirSync(templateDir)) {
      if (other.startsWith(family) && !other.startsWith(generation) && other.endsWith('.tar'))
        fs.rmSync(path.join(templateDir, other), { force: true });
    }
  }
  return new Blob([fs.readFileSync(file)]);
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The name of a migrated template database on the PostgreSQL server, built once per schema. */
export function postgresTemplate(serverUrl: string): Promise<string> {
  const name = `comptoir_template_${schemaKey()}`;
  return postgresTemplateNamed(serverUrl, {
    name,
    family: 'comptoir_template_',
    generation: name,
    build: async (url) => {
      const handle = await openDatabase({ databaseUrl: url });
      await handle.close();
    },
  });
}

/**
 * A template database on the PostgreSQL server, created empty (or copied from `from`) and filled by
 * `build` when missing. The build holds an advisory lock (freed with its connection, even by a
 * killed process) and works under another name, renamed when done: a template that exists is a
 * complete one.
 */
export async function postgresTemplateNamed(
  serverUrl: string,
  template: TemplateName & { from?: string; build: (url: string) => Promise<void> },
): Promise<string> {
  const { name } = template;
  return withClient(serverUrl, async (admin) => {
    const exists = async () =>
      (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
    if (await exists()) return name;
    await admin.query('SELECT pg_advisory_lock(hashtext($1))', [name]);
    try {
      if (await exists()) return name;
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}${template.from ? ` TEMPLATE ${template.from}` : ''}`);
      await template.build(databaseUrl(serverUrl, building));
      // The pools' connections may still be closing on the server side; RENAME needs none left.
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
          break;
        } catch (error) {
          if (attempt >= 50) throw error;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      const old = await admin.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE starts_with(datname, $1) AND NOT starts_with(datname, $2) AND datname NOT LIKE '%\\_building'",
        [template.family, template.generation],
      );
      for (const row of old.rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname}`).catch(() => {});
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock(hashtext($1))', [name]);
    }
  });
}

/**
 * A new database on the server, copied from a template (the migrated one unless named), opened;
 * closing the handle drops the copy.
 */
export async function openPostgresCopy(serverUrl: string, template?: string): Promise<DatabaseHandle> {
  const source = template ?? (await postgresTemplate(serverUrl));
  const name = `comptoir_test_${crypto.randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${source}`));
  const handle = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withClient(serverUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
