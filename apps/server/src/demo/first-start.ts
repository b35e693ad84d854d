import type { FastifyInstance } from 'fastify';
import { onceAcrossInstances } from '../platform/startup-lock';
import { isEmptyDatabase, loadDemo, type DemoLoadResult } from './load-demo';

/**
 * The demo's load on the first start of a fresh database: by one instance only when several start
 * together (the others start serving at once); null when the database already holds accounts or
 * another instance is loading it.
 */
export async function loadDemoOnFirstStart(
  app: FastifyInstance,
  options: Parameters<typeof loadDemo>[1],
): Promise<DemoLoadResult | null> {
  return onceAcrossInstances(app.database, 'comptoir/demo-first-load', async () => {
    if (!(await isEmptyDatabase(app.database.db))) return null;
    app.log.info(`first start: loading ${options.days} days of demo activity through the POS ingestion API`);
    return loadDemo(app, options);
  });
}
