import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// In development the portal runs on Vite's port and the Fastify server answers everything else.
const serverUrl = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': serverUrl,
      '/auth': serverUrl,
      '/pos': serverUrl,
      '/data': serverUrl,
      // The change-password page's script, as the server serves it from the last build (npm run build).
      '/assets/password-page.js': serverUrl,
    },
  },
});
