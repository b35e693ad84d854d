import { defineConfig } from 'vite';

// The script of the server's change-password page (`GET /auth/password`): one self-contained file,
// `dist/assets/password-page.js`, built after the portal (whose build empties dist/) from
// src/password-page.ts, which renews through the portal's own api/renewal.ts.
export default defineConfig({
  build: {
    // Only the contracts' modules the page reads (they declare, and run nothing else); zod comes with them,
    // as their schemas are built when the module loads: about 85 kB, 26 kB compressed.
    rollupOptions: { treeshake: { moduleSideEffects: false } },
    emptyOutDir: false,
    copyPublicDir: false,
    lib: {
      entry: 'src/password-page.ts',
      formats: ['iife'],
      name: 'comptoirPasswordPage',
      fileName: () => 'assets/password-page.js',
    },
  },
});
