import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test-helpers';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

/**
 * Paths the spec fixes with a trailing slash (clients call them so; `no-path-trailing-slash` holds for
 * every other path).
 */
const SPEC_TRAILING_SLASH_PATHS = [
  '/api/auth/accessToken/',
  '/api/auth/accessToken/administration-fiscale/',
  '/api/feed/{name}/',
  '/api/administration-fiscale/{companyId}/',
];

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

let dir: string;
let documentFile: string;

// The document does not depend on the database: the PostgreSQL run of the suite skips it.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the OpenAPI document', () => {
  beforeAll(async () => {
    const t = await buildTestApp();
    try {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-openapi-'));
      documentFile = path.join(dir, 'openapi.json');
      fs.writeFileSync(documentFile, JSON.stringify(t.app.swagger(), null, 2));
    } finally {
      await t.close();
    }
  });
  afterAll(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("has no error under Redocly's recommended rules", async () => {
    // Redocly answers 1 when it finds an error: the problems are read from its JSON report either way.
    const report = await run(
      process.execPath,
      [
        require.resolve('@redocly/cli/bin/cli.js'),
        'lint',
        documentFile,
        '--extends=recommended',
        '--format=json',
        '--max-problems=10000',
      ],
      {
        cwd: dir,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        maxBuffer: 64 * 1024 * 1024,
      },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    const { problems } = JSON.parse(report.stdout) as { problems: LintProblem[] };
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .filter(
        (problem) =>
          !(
            problem.ruleId === 'no-path-trailing-slash' &&
            SPEC_TRAILING_SLASH_PATHS.some((p) => problem.message.startsWith(`\`${p}\``))
          ),
      )
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer ?? ''}: ${problem.message}`);
    expect(errors).toEqual([]);
  }, 120_000);

  it('gives a typed client that compiles', async () => {
    fs.writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(pathToFileURL(documentFile))));
    fs.writeFileSync(
      path.join(dir, 'client.ts'),
      [
        "import type { components, paths } from './api';",
        "type Health = paths['/api/health']['get']['responses'][200]['content']['application/json'];",
        "export const health: Health = { status: 'ok', db: 'pglite', migrations: 11 };",
        "type Renewal = paths['/api/auth/accessToken/']['get'];",
        "export const renewal: Renewal['parameters']['query'] = { refreshToken: 'r' };",
        "export const item: components['schemas']['MenuItem']['childrens'] = [];",
        '',
      ].join('\n'),
    );
    const tsc = require.resolve('typescript/bin/tsc');
    const compiled = await run(
      process.execPath,
      [
        tsc,
        '--noEmit',
        '--strict',
        '--target',
        'es2022',
        '--module',
        'esnext',
        '--moduleResolution',
        'bundler',
        'client.ts',
      ],
      { cwd: dir },
    ).catch((err: { stdout?: string }) => ({ stdout: `tsc failed:\n${err.stdout ?? ''}` }));
    expect(compiled.stdout).toBe('');
  }, 120_000);
});
