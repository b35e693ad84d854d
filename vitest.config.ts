import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Integration tests each open their own database; two cores, two forks.
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          // A worker runs its files one after another in one process, importing the app once instead
          // of once per file: the server keeps no module state a test could leak (each file builds
          // its own app on its own database, and mocks nothing).
          isolate: false,
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'eslint-rules/*.test.ts',
          ],
        },
      },
      {
        // The portal's component tests render in a simulated browser.
        extends: true,
        test: {
          name: 'web-dom',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/web/src/testing/setupDom.ts'],
        },
      },
    ],
  },
});
