import path from 'node:path';
import { buildApp } from './app';
import { openDatabase } from './db/database';
import { loadDemoOnFirstStart } from './demo/first-start';
import { printDemoSignIns } from './demo/print-sign-ins';
import { loadConfig } from './platform/config';
import { drainMsFrom, shutDown } from './platform/shutdown';
import { scheduleServerClosures } from './modules/server-closures/server-closures.routes';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  pgliteDir: path.join(config.dataDir, 'db'),
});
const app = await buildApp({
  config,
  database,
  // Readable lines in a terminal, JSON lines for a log collector.
  logger: {
    level: config.logLevel,
    ...(process.stdout.isTTY
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  },
});

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const isClosed = await shutDown(app, database, { drainMs: drainMsFrom(process.env) });
  process.exit(isClosed ? 0 : 1);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.ready();
// Once per deployment: another instance starting meanwhile serves at once and leaves it to this one.
const demo = config.seedDemo
  ? await loadDemoOnFirstStart(app, {
      days: config.demoDays,
      // Today is still open: activity up to now, no closure yet.
      until: new Date().toISOString(),
      onProgress: (line) => app.log.info(line),
    })
  : null;
if (demo) {
  const orders = demo.stats.reduce((n, s) => n + s.orders, 0);
  app.log.info(`demo loaded: ${orders} orders up to ${demo.endDay} in ${demo.seconds.toFixed(1)} s`);
  printDemoSignIns(config, demo.users);
}
// After the demo load: a day still being loaded must not be closed by the server.
scheduleServerClosures(app);

await app.listen({ port: config.port, host: config.host });
console.log(`\nComptoir is running at ${config.publicUrl}\n`);
if (!config.smtpUrl) {
  console.log(
    `No SMTP_URL: sent mail stays in the outbox, readable by support staff at ${config.publicUrl}/dev/mailbox\n`,
  );
}
