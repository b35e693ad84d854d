import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';

// In development the portal runs on Vite's port and the Fastify server answers everything else.
const serverUrl = 'http://localhost:3000';

/**
 * @vitejs/plugin-react is hoisted beside the root's Vite 8 (Vitest's) and takes that version for the
 * running one: it would hand this Vite 7 dev server Vite 8's native refresh wrapper, which fails on
 * every module. Without it an edit reloads the page instead of hot-swapping components.
 * Drop this once apps/web and the root share one Vite major.
 */
function reactForVite7(): PluginOption {
  return react().filter((plugin) => plugin.name !== 'vite:react:refresh-wrapper') as PluginOption;
}

export default defineConfig({
  plugins: [reactForVite7()],
  // The plugin configures JSX for the Vite it resolves (8, oxc); this app builds with Vite 7 (esbuild).
  esbuild: { jsx: 'automatic' },
  server: {
    proxy: {
      '/api': serverUrl,
      '/auth': serverUrl,
      '/pos': serverUrl,
      '/data': serverUrl,
    },
  },
});
