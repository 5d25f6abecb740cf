// A running server on PGlite holds its data folder alone (PGlite is one process only), so `npm run backup`
// asks it to write the backup: over a unix socket in DATA_DIR (`control.sock`, mode 0600), reachable only by
// the account that runs the server and only from this machine. Nothing listens on a network port.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { z } from 'zod';
import type { BackupManifest } from './manifest.ts';
import { BackupError } from './archive.ts';

export const CONTROL_SOCKET = 'control.sock';

const backupRequest = z.object({
  output: z
    .string()
    .min(1)
    .refine((p) => path.isAbsolute(p), 'an absolute path'),
});

/** The answer of `POST /backup`: the manifest, or `{message}`. */
const backupAnswer = z.union([
  z.object({ data: z.custom<BackupManifest>((v) => typeof v === 'object' && v !== null) }),
  z.object({ message: z.string() }),
]);

function answer(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * Listens on `<dataDir>/control.sock` for `POST /backup {output}` and runs `backup(output)`, one at a time.
 * A socket left by a killed server is replaced. Resolves null (after `onError`) when it cannot listen, e.g. a
 * path too long for a unix socket: the server runs on without online backups.
 */
export async function listenForBackups(options: {
  dataDir: string;
  backup: (output: string) => Promise<BackupManifest>;
  onError: (error: Error) => void;
}): Promise<{ close: () => Promise<void> } | null> {
  const socket = path.join(options.dataDir, CONTROL_SOCKET);
  let running = false;
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') return answer(res, 404, { message: 'Not found.' });
    if (running) return answer(res, 409, { message: 'A backup is already running.' });
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(body);
      } catch {
        // answered below
      }
      const request = backupRequest.safeParse(parsed);
      if (!request.success) {
        answer(res, 422, { message: 'Send {"output": "<absolute path>"}.', errors: request.error.issues });
        return;
      }
      running = true;
      options
        .backup(request.data.output)
        .then((manifest) => answer(res, 200, { data: manifest }))
        .catch((error: unknown) => {
          const known = error instanceof BackupError;
          if (!known) options.onError(error as Error);
          answer(res, known ? 422 : 500, { message: (error as Error).message });
        })
        .finally(() => (running = false));
    });
  });
  fs.rmSync(socket, { force: true });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socket, resolve);
    });
  } catch (error) {
    options.onError(error as Error);
    return null;
  }
  fs.chmodSync(socket, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        fs.rmSync(socket, { force: true });
      }),
  };
}

/**
 * Asks the server running on `dataDir` for a backup. Resolves null when none listens there (no socket, or a
 * socket left by a server that is gone), so the caller may open the folder itself.
 */
export function requestBackup(dataDir: string, output: string): Promise<BackupManifest | null> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { socketPath: path.join(dataDir, CONTROL_SOCKET), method: 'POST', path: '/backup' },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const parsed = backupAnswer.safeParse(JSON.parse(text));
          if (!parsed.success) reject(new Error(`The server answered ${String(res.statusCode)}: ${text}`));
          else if ('data' in parsed.data) resolve(parsed.data.data);
          else reject(new BackupError(parsed.data.message));
        });
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    req.end(JSON.stringify({ output }));
  });
}
