import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import comptoir from './eslint-rules/no-untranslated-text.mjs';

const FEATURES_BELOW_APP = {
  regex: String.raw`^\.{1,2}/(?:.*/)?app(?:/|$)`,
  message: 'Features sit below the shell: import from api/ or ui/ instead.',
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'var/**', '**/test-results/**', '**/playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Type-aware rules: a promise is awaited, handled or voided with its reason. The project service types
  // each file by its nearest tsconfig.json (its workspace's; the root one for the repository's config
  // files and scripts); the server's two worker .mjs files are in no tsconfig and keep the untyped rules.
  {
    files: ['**/*.{ts,tsx}', 'eslint.config.js', 'scripts/*.mjs', 'eslint-rules/*.mjs'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['apps/web/src/**/*.test.tsx'],
    plugins: { comptoir },
    rules: { 'comptoir/no-untranslated-text': 'error' },
  },
  // Portal layers (STYLE.md): app/ on top, then features/, then the api layer; ui/ imports no business code.
  webZone('apps/web/src/ui/**', [
    {
      regex: String.raw`^\.{1,2}/(?:.*/)?(?:features|app|api)(?:/|$)`,
      message: 'ui/ imports no feature, shell or api code.',
    },
    {
      regex: String.raw`^\.{1,2}/(?:.*/)?i18n/(?:areaI18n|common\.messages|I18nProvider)$`,
      message: "ui/ takes its texts from useUiI18n, not from the features' translators.",
    },
  ]),
  webZone('apps/web/src/api/**', [
    {
      regex: String.raw`^\.{1,2}/(?:.*/)?(?:features|app)(?:/|$)`,
      message: 'The api layer sits below the features and the shell.',
    },
  ]),
  // i18n/ (the translation engine and the common texts) is the bottom of the portal.
  webZone('apps/web/src/i18n/**', [
    {
      regex: String.raw`^\.{1,2}/(?:.*/)?(?:features|app|api|ui)(?:/|$)`,
      message: 'i18n/ imports nothing of the portal: ui/, api/, features/ and app/ build on it.',
    },
  ]),
  webZone('apps/web/src/features/**', [FEATURES_BELOW_APP]),
  // A feature imports another one only through the shared fiscal frame (features/fiscal); the other
  // crossings are these, each with its reason in ARCHITECTURE.md ("Portal shell"). Tests may compose.
  ...featureZones({
    'fiscal-access': ['fiscal-archives'],
    'fiscal-archives': ['fiscal-keys'],
    jet: ['fiscal-keys'],
    'notification-publishing': ['support'],
    support: ['sponsorship'],
    'data-export': ['notifications'],
    'accounting-export': ['reports'],
    reports: ['menu'],
    dashboard: ['menu'],
  }),
  // Server layers (STYLE.md): platform/ is cross-cutting and imports no module (tests may).
  {
    files: ['apps/server/src/platform/**/*.ts'],
    ignores: ['apps/server/src/platform/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`(?:^|/)modules(?:/|$)`,
              message: 'platform/ imports no module: move what it needs down into platform/, or inject it.',
            },
          ],
        },
      ],
    },
  },
  // db/ (schema, migrations) sits below the modules: a migration carries its own rows.
  serverZone(
    ['apps/server/src/db/**/*.ts'],
    [
      {
        regex: String.raw`(?:^|/)modules(?:/|$)`,
        message: 'db/ imports no module: write the rows into the migration.',
      },
    ],
  ),
  // A module reaches another module through its service, never its repository (the same module's are
  // ./); a test may arrange its data through any repository.
  serverZone(
    ['apps/server/src/modules/**/*.ts'],
    [
      {
        regex: String.raw`^\.\./[^./][^/]*/[^/]+\.repository$`,
        message: "Call the other module's service, not its repository.",
      },
    ],
  ),
  // Only repositories, db/ and platform/ hold SQL: elsewhere Kysely is imported for its types only.
  // pos/customer-figures.ts: ARCHITECTURE.md, "Lint zones", names why it may.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.repository.ts',
      'apps/server/src/db/**',
      'apps/server/src/platform/**',
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test-helpers.ts',
      'apps/server/src/modules/pos/customer-figures.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'kysely',
              allowTypeImports: true,
              message: 'SQL lives in repositories (or db/, platform/): import Kysely types only here.',
            },
          ],
        },
      ],
    },
  },
  // bench/ has no import circle: run.ts imports each bench when it runs, run.ts and the benches import
  // bench-line.ts (the line's type, its printing and RESULTS.md); no bench imports run.ts, bench-line.ts
  // imports no bench file.
  {
    files: ['bench/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^\./run$`,
              message: 'run.ts imports the benches, not the other way: put what they share in bench-line.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['bench/bench-line.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^\./`,
              message: 'bench-line.ts sits below run.ts and the benches: it imports neither.',
            },
          ],
        },
      ],
    },
  },
);

/** @typedef {import('typescript-eslint').ConfigWithExtends} Config */
/** @typedef {{ regex: string, message: string }} ImportPattern */

/**
 * One `no-restricted-imports` zone of the portal: files matching `files` may not import `patterns`.
 * @param {string} files
 * @param {ImportPattern[]} patterns
 * @returns {Config}
 */
function webZone(files, patterns) {
  return { files: [files], rules: { 'no-restricted-imports': ['error', { patterns }] } };
}

/**
 * The portal's features: none imports a sibling but the fiscal frame and the crossings named per feature.
 * @param {Record<string, string[]>} crossings
 * @returns {Config[]}
 */
function featureZones(crossings) {
  /** @type {(feature: string, allowed: string[]) => Config} */
  const zone = (feature, allowed) => ({
    files: [`apps/web/src/features/${feature}/**`],
    ignores: ['apps/web/src/features/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            FEATURES_BELOW_APP,
            {
              regex: String.raw`^\.\./(?!(?:${['fiscal', ...allowed].join('|')})/)[^./][^/]*/`,
              message:
                'A feature imports another only through the fiscal frame (features/fiscal), or a crossing ARCHITECTURE.md names: move the shared piece to ui/ or api/, or let app/ compose the two.',
            },
          ],
        },
      ],
    },
  });
  return [zone('*', []), ...Object.entries(crossings).map(([feature, allowed]) => zone(feature, allowed))];
}

/**
 * One `no-restricted-imports` zone of the server's sources (tests excepted).
 * @param {string[]} files
 * @param {ImportPattern[]} patterns
 * @returns {Config}
 */
function serverZone(files, patterns) {
  return {
    files,
    ignores: ['apps/server/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
}
