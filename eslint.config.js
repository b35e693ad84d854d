import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import comptoir from './eslint-rules/no-untranslated-text.mjs';

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
      regex: String.raw`^\.{1,2}/(?:.*/)?i18n/(?:messages|i18n|useI18n|I18nContext|I18nProvider)$`,
      message: "ui/ takes its texts from useUiI18n, not from the features' catalogue.",
    },
  ]),
  webZone('apps/web/src/api/**', [
    {
      regex: String.raw`^\.{1,2}/(?:.*/)?(?:features|app)(?:/|$)`,
      message: 'The api layer sits below the features and the shell.',
    },
  ]),
  webZone('apps/web/src/features/**', [
    {
      regex: String.raw`^\.{1,2}/(?:.*/)?app(?:/|$)`,
      message: 'Features sit below the shell: import from api/ or ui/ instead.',
    },
  ]),
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
);

/** One `no-restricted-imports` zone of the portal: files matching `files` may not import `patterns`. */
function webZone(files, patterns) {
  return { files: [files], rules: { 'no-restricted-imports': ['error', { patterns }] } };
}
