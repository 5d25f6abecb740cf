import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { MAP_ART, mapSvg } from '../scripts/map-art.mjs';

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

/** The 4:3 SVG flags of the `flag-icons` package, by two-letter country code. */
const FLAGS_DIR = path.join(
  path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')),
  'flags/4x3',
);

/**
 * Serves the `flag-icons` SVGs as `/flags/{code}.svg` (dev server) and copies them there in the build, so
 * `<Flag>` is an `<img>` that costs no JavaScript and no stylesheet (the package's own stylesheet names
 * every flag: 30 KB of CSS for the two or three a page shows).
 */
function flagIcons(): Plugin {
  return {
    name: 'versus:flag-icons',
    configureServer(server) {
      server.middlewares.use('/flags', (req, res, next) => {
        const file = /^\/([a-z]{2})\.svg$/.exec(req.url ?? '')?.[1];
        if (!file) return next();
        try {
          res.setHeader('Content-Type', 'image/svg+xml');
          res.end(readFileSync(path.join(FLAGS_DIR, `${file}.svg`)));
        } catch {
          next();
        }
      });
    },
    generateBundle() {
      for (const name of readdirSync(FLAGS_DIR)) {
        if (!/^[a-z]{2}\.svg$/.test(name)) continue;
        this.emitFile({
          type: 'asset',
          fileName: `flags/${name}`,
          source: readFileSync(path.join(FLAGS_DIR, name)),
        });
      }
    },
  };
}

/**
 * The demo maps' art, drawn from code (scripts/map-art.mjs): `/images/maps/{name_cmd}.svg`, served by the
 * dev server and written into the build, where the server serves it (the demo seed points each map there).
 */
function mapArt(): Plugin {
  const svgOf = (cmd: string) => {
    const art = MAP_ART[cmd];
    return art ? mapSvg(art.name, cmd) : null;
  };
  return {
    name: 'versus:map-art',
    configureServer(server) {
      server.middlewares.use('/images/maps', (req, res, next) => {
        const cmd = /^\/([a-z0-9_]+)\.svg$/.exec(req.url ?? '')?.[1];
        const svg = cmd ? svgOf(cmd) : null;
        if (!svg) return next();
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(svg);
      });
    },
    generateBundle() {
      for (const cmd of Object.keys(MAP_ART)) {
        this.emitFile({ type: 'asset', fileName: `images/maps/${cmd}.svg`, source: svgOf(cmd) ?? '' });
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadMatchChunk(), flagIcons(), mapArt()],
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
