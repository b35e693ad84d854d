// Type-checks every workspace with its own tsconfig (node, DOM and test settings differ), then the
// repository's own files (eslint.config.js, vitest.config.ts, scripts/, eslint-rules/) with the root one.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** @type {{ workspaces: string[] }} */
const { workspaces } = JSON.parse(readFileSync('package.json', 'utf8'));
let failed = false;
for (const ws of [...workspaces, '.']) {
  try {
    execFileSync('npx', ['tsc', '-p', ws, '--noEmit'], { stdio: 'inherit' });
  } catch {
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
