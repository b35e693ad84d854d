// Type-checks every workspace with its own tsconfig (node, DOM and test settings differ).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const { workspaces } = JSON.parse(readFileSync('package.json', 'utf8'));
let failed = false;
for (const ws of workspaces) {
  try {
    execFileSync('npx', ['tsc', '-p', ws, '--noEmit'], { stdio: 'inherit' });
  } catch {
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
