// Fails with the list of non-test source files over 400 lines that do not say why at their top (issue 32).
//
// Looked at: .ts .tsx .js .mjs under apps/, packages/, bench/, e2e/ and scripts/.
// Not looked at: node_modules/, dist/, test-results/, type declarations (.d.ts); tests (*.test.*,
// *.spec.*) and the kits only tests use: test-helpers.ts, *.test-fixtures.ts and everything under
// e2e/tests/ (the specs and their helpers).
// A reason is a line `// Over 400 lines: <reason>.` among a file's first three lines.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOTS = ['apps', 'packages', 'bench', 'e2e', 'scripts'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'test-results']);
const MAX_LINES = 400;
const REASON = /^\s*\/\/ Over 400 lines: \S.*\.\s*$/;

const isSource = (/** @type {string} */ path) => /\.(ts|tsx|js|mjs)$/.test(path) && !/\.d\.ts$/.test(path);
const isTestOnly = (/** @type {string} */ path) =>
  /\.(test|spec)\./.test(path) ||
  /(^|\/)test-helpers\.ts$/.test(path) ||
  /\.test-fixtures\.ts$/.test(path) ||
  path.startsWith('e2e/tests/');

/**
 * @param {string} dir
 * @returns {Generator<string>} the paths of the files under `dir`
 */
function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) yield* walk(join(dir, entry.name));
    } else if (entry.isFile()) yield join(dir, entry.name);
  }
}

/** @type {string[]} */
const unexplained = [];
for (const root of ROOTS) {
  for (const path of walk(root)) {
    if (!isSource(path) || isTestOnly(path)) continue;
    const lines = readFileSync(path, 'utf8').split('\n');
    if (lines.at(-1) === '') lines.pop();
    if (lines.length > MAX_LINES && !lines.slice(0, 3).some((line) => REASON.test(line))) {
      unexplained.push(`${path} (${lines.length} lines)`);
    }
  }
}

if (unexplained.length > 0) {
  console.error(`Over ${MAX_LINES} lines without a first line \`// Over 400 lines: <reason>.\`:`);
  for (const file of unexplained.sort()) console.error(`  ${file}`);
  process.exit(1);
}
