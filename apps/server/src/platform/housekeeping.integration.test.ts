import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../test-helpers';
import { createFileStorage, FILE_RETENTION } from './file-store';
import type { FileStorage } from './files';
import { sweepSharedState } from './housekeeping';
import { countRateLimitHit } from './rate-limits';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('the hourly housekeeping of what instances share', () => {
  let database: DatabaseHandle;
  let files: FileStorage;
  let dataDir: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-housekeeping-'));
    files = createFileStorage({ dataDir }, database);
  });
  afterAll(async () => {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('removes ticket PDFs after 30 days and ended rate-limit windows, and keeps exports and archives', async () => {
    await files.put('customer-tickets/a/notes.pdf', '%PDF ticket');
    await files.put('exports/sales-lines/e.csv', 'lignes');
    await files.put('archives/c/2026-01.csv', 'archive');
    await countRateLimitHit(database.db, 'POST /auth/login', '10.0.0.1', 60_000, Date.now() - 120_000);
    if (database.engine === 'pglite') {
      const old = new Date(Date.now() - 31 * DAY_MS);
      fs.utimesSync(path.join(dataDir, 'files', 'customer-tickets/a/notes.pdf'), old, old);
    }
    const now = database.engine === 'pglite' ? new Date() : new Date(Date.now() + 31 * DAY_MS);

    const swept = await sweepSharedState({ files, database }, FILE_RETENTION, now);

    expect(swept).toMatchObject({ expiredFiles: 1, rateLimitCounters: 1 });
    expect(await files.exists('customer-tickets/a/notes.pdf')).toBe(false);
    expect(await files.exists('exports/sales-lines/e.csv')).toBe(true);
    expect(await files.exists('archives/c/2026-01.csv')).toBe(true);
  });
});
