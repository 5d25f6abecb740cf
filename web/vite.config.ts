import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server (port 3000) also serves the built app; in development Vite serves the app and forwards
// everything the server owns so cookies and the XSRF token stay same-origin. The Host header is kept
// (no changeOrigin) so any Origin-vs-Host check on the server sees one origin.
const apiServer = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      // Libraries mark modules "use client" for React Server Components; meaningless in a client-only bundle.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiServer },
      '/broadcasting': { target: apiServer },
      // The realtime (Pusher protocol) WebSocket endpoint, /app/{key}; a regex so no page path is caught.
      '^/app/': { target: apiServer, ws: true },
    },
  },
});
