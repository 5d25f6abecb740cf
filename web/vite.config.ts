import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

// The API server (port 3000) also serves the built app; in development Vite serves the app and forwards
// everything the server owns so cookies and the XSRF token stay same-origin. The Host header is kept
// (no changeOrigin) so any Origin-vs-Host check on the server sees one origin.
const apiServer = 'http://localhost:3000';

/**
 * On `/match/{id}` the match room's chunk (and the chunks it imports) is preloaded from the HTML, so it
 * downloads beside the entry instead of after the router asked for it. Build only: the file names are
 * known once the bundle is written.
 */
function preloadMatchChunk(): Plugin {
  return {
    name: 'versus:preload-match-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const match = chunks.find((c) => c.facadeModuleId?.endsWith('/src/app/routes/match.tsx'));
        if (!match) return html;
        // Those the entry already loads are left out.
        const files = [match.fileName, ...match.imports].map((f) => `/${f}`).filter((f) => !html.includes(f));
        const script =
          `<script>if(/^\\/match\\/\\d+\\/?$/.test(location.pathname))${JSON.stringify(files)}` +
          `.forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;` +
          `document.head.appendChild(l)})</script>`;
        // Before the entry's tags: a classic script after a stylesheet link waits for that stylesheet.
        const at = html.indexOf('<script type="module"');
        return at < 0
          ? html.replace('</head>', `${script}\n  </head>`)
          : `${html.slice(0, at)}${script}\n    ${html.slice(at)}`;
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadMatchChunk()],
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
