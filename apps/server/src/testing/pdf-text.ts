import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The text of a PDF as poppler's `pdftotext -layout` lays it out, no-break spaces made plain: what a
 * test reads back of a real file (never a fake of the PDF).
 */
export async function pdfText(bytes: Buffer): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'comptoir-pdf-'));
  try {
    const file = path.join(dir, 'document.pdf');
    await fs.writeFile(file, bytes);
    const { stdout } = await promisify(execFile)('pdftotext', ['-layout', file, '-']);
    return stdout.replace(/[\u00a0\u202f]/g, ' ');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
