import fsp from 'node:fs/promises';
import path from 'node:path';

/**
 * A write the process did not live to finish leaves its `*.tmp` beside the file (files.ts writes,
 * syncs, then renames). Only older than this: another instance may be writing one now.
 */
export const TMP_FILE_MAX_AGE_MS = 60 * 60_000;

/** Removes the `*.tmp` files under `root` older than `maxAgeMs`; returns the keys removed. */
export async function sweepTmpFiles(
  root: string,
  { maxAgeMs = TMP_FILE_MAX_AGE_MS, now = new Date() }: { maxAgeMs?: number; now?: Date } = {},
): Promise<string[]> {
  const removed: string[] = [];
  const entries = await fsp.readdir(root, { recursive: true, withFileTypes: true }).catch((err: unknown) => {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  });
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.tmp')) continue;
    const full = path.join(entry.parentPath, entry.name);
    const stat = await fsp.stat(full).catch(() => null);
    if (!stat || now.getTime() - stat.mtimeMs < maxAgeMs) continue;
    await fsp.rm(full, { force: true });
    removed.push(path.relative(root, full).split(path.sep).join('/'));
  }
  return removed.sort();
}
