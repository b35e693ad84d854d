import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app';
import { openDatabase } from '../db/database';
import { loadConfig } from '../platform/config';
import { loadDemo } from './load-demo';
import { printDemoSignIns } from './print-sign-ins';

// `npm run demo:reset`: deletes the embedded database and loads the demo again, up to today.
const config = loadConfig();
if (config.databaseUrl) {
  console.error(
    'demo:reset only resets the embedded database; unset DATABASE_URL (it never drops a server database).',
  );
  process.exit(1);
}
const dir = path.join(config.dataDir, 'db');
fs.rmSync(dir, { recursive: true, force: true });
console.log(`deleted ${dir}`);
const database = await openDatabase({ pgliteDir: dir });
const app = await buildApp({ config, database, logger: false });
await app.ready();
const demo = await loadDemo(app, {
  days: config.demoDays,
  until: new Date().toISOString(),
  onProgress: (line) => console.log(line),
});
console.log(`demo loaded up to ${demo.endDay} in ${demo.seconds.toFixed(1)} s`);
printDemoSignIns(config, demo.users);
await app.close();
await database.close();
