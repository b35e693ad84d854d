import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sweepTmpFiles } from './tmp-sweep';

describe('the sweep of unfinished writes', () => {
  let root: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-tmp-sweep-'));
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  function write(key: string, ageMs: number): void {
    const full = path.join(root, key);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, 'x');
    const at = new Date(Date.now() - ageMs);
    fs.utimesSync(full, at, at);
  }

  it('removes the .tmp a killed write left, and keeps one another instance may be writing now', async () => {
    write('exports/accounting/a.txt.1a2b3c.tmp', 2 * 3600_000);
    write('archives/2026/b.csv.4d5e6f.tmp', 90 * 60_000);
    write('exports/accounting/c.txt.7a8b9c.tmp', 60_000);
    write('exports/accounting/a.txt', 2 * 3600_000);

    const removed = await sweepTmpFiles(root);

    expect(removed).toEqual(['archives/2026/b.csv.4d5e6f.tmp', 'exports/accounting/a.txt.1a2b3c.tmp']);
    expect(fs.existsSync(path.join(root, 'exports/accounting/c.txt.7a8b9c.tmp'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'exports/accounting/a.txt'))).toBe(true);
  });

  it('finds nothing to do in a storage not created yet', async () => {
    expect(await sweepTmpFiles(path.join(root, 'missing'))).toEqual([]);
  });
});
