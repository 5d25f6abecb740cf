// The blank React page of the web bench: built with Vite into a temporary folder and served by a bare
// Node static server on loopback, so its load is timed under the same conditions as the app's.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };

export interface BlankPage {
  url: string;
  close: () => Promise<void>;
}

/** Builds bench/web/blank into `outDir` and serves it; `close` stops the server. */
export async function serveBlankPage(outDir: string): Promise<BlankPage> {
  const { build } = await import('vite');
  await build({
    root: path.join(HERE, 'blank'),
    base: '/',
    logLevel: 'warn',
    configFile: false,
    build: { outDir, emptyOutDir: true },
  });
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path.join(outDir, pathname === '/' ? 'index.html' : path.normalize(pathname));
    if (!file.startsWith(outDir)) {
      response.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => {
        response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
        response.end(body);
      },
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
