// versus-upload's work: one completed demo or server screenshot to the platform, resumable and idempotent.
// The file is announced with its size and SHA-256 (`POST /api/v1/game-server-agent/uploads`; the same file
// announced again is the same upload), then sent in chunks (`PUT .../uploads/<id>` with `Content-Range`) from
// the offset the platform holds; the platform checks the checksum and the content after the last chunk. A
// state file beside the file (`<file>.versus-upload.json`) keeps the checksum and the upload id, so a killed
// uploader asks for the offset and carries on. Network errors, 5xx and 429 are retried with exponential
// backoff and jitter; any other refusal is final.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export type UploadKind = 'demo' | 'screenshot';

export interface UploadOptions {
  file: string;
  /** The platform's base URL. */
  url: string;
  /** The server's agent token (the log agent's). */
  token: string;
  /** Default from the name: `.jpg` is a screenshot, anything else a demo. */
  kind?: UploadKind;
  /** The demo's map; default from games_mp.log (`logPath`): the map that ended last. */
  map?: string;
  logPath?: string;
  matchId?: number;
  chunkBytes?: number;
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Attempts per request before giving up (default: 12, about five minutes with the default backoff). */
  maxAttempts?: number;
  log?: (level: 'info' | 'warn' | 'error', message: string, data?: Record<string, unknown>) => void;
}

export interface UploadResult {
  id: string;
  size: number;
  sha256: string;
}

interface UploadState {
  size: number;
  mtimeMs: number;
  sha256: string;
  uploadId: string | null;
}

interface Answer {
  id: string;
  offset: number;
  size: number;
  complete: boolean;
}

/** A refusal resending cannot mend (4xx but 409, 429), or retries used up. */
export class UploadError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

export function statePathOf(file: string): string {
  return `${file}.versus-upload.json`;
}

export async function uploadFile(options: UploadOptions): Promise<UploadResult> {
  const file = path.resolve(options.file);
  const stat = fs.statSync(file);
  const statePath = statePathOf(file);
  let state = loadState(statePath);
  if (!state || state.size !== stat.size || state.mtimeMs !== stat.mtimeMs) {
    state = { size: stat.size, mtimeMs: stat.mtimeMs, sha256: await sha256Of(file), uploadId: null };
    saveState(statePath, state);
  }
  const sha256 = state.sha256;
  const client = new Client(options);
  const kind = options.kind ?? (/\.jpe?g$/i.test(file) ? 'screenshot' : 'demo');
  const announce = async (): Promise<Answer> => {
    const map = kind === 'demo' ? (options.map ?? lastEndedMap(options.logPath)) : undefined;
    return client.call('POST', '/api/v1/game-server-agent/uploads', {
      json: {
        kind,
        fileName: path.basename(file),
        size: stat.size,
        sha256,
        ...(map ? { map } : {}),
        ...(options.matchId ? { matchId: options.matchId } : {}),
      },
    });
  };
  let answer: Answer;
  if (state.uploadId) {
    try {
      answer = await client.call('GET', `/api/v1/game-server-agent/uploads/${state.uploadId}`);
    } catch (error) {
      if (!(error instanceof UploadError && error.status === 404)) throw error;
      answer = await announce();
    }
  } else {
    answer = await announce();
  }
  state = { ...state, uploadId: answer.id };
  saveState(statePath, state);
  if (answer.offset > 0 && !answer.complete) {
    options.log?.('info', 'resuming upload', { file, offset: answer.offset, size: stat.size });
  }
  const chunkBytes = options.chunkBytes ?? 1024 * 1024;
  const fd = fs.openSync(file, 'r');
  try {
    while (!answer.complete) {
      const length = Math.min(chunkBytes, stat.size - answer.offset);
      const bytes = Buffer.alloc(length);
      fs.readSync(fd, bytes, 0, length, answer.offset);
      const first = answer.offset;
      try {
        answer = await client.call('PUT', `/api/v1/game-server-agent/uploads/${answer.id}`, {
          bytes,
          range: `bytes ${first}-${first + length - 1}/${stat.size}`,
        });
      } catch (error) {
        // Another chunk (an earlier run's) moved the upload: ask where it stands.
        if (!(error instanceof UploadError && error.status === 409)) throw error;
        answer = await client.call('GET', `/api/v1/game-server-agent/uploads/${answer.id}`);
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  fs.rmSync(statePath, { force: true });
  options.log?.('info', 'uploaded', { file, id: answer.id, size: stat.size });
  return { id: answer.id, size: stat.size, sha256: state.sha256 };
}

class Client {
  constructor(private readonly options: UploadOptions) {}

  async call(
    method: 'GET' | 'POST' | 'PUT',
    route: string,
    body: { json?: unknown; bytes?: Buffer; range?: string } = {},
  ): Promise<Answer> {
    let backoff = this.options.backoffMs ?? 500;
    const attempts = this.options.maxAttempts ?? 12;
    for (let attempt = 1; ; attempt++) {
      let status: number | null = null;
      let message: string;
      try {
        const headers: Record<string, string> = { authorization: `Bearer ${this.options.token}` };
        if (body.json !== undefined) headers['content-type'] = 'application/json';
        if (body.bytes) headers['content-type'] = 'application/octet-stream';
        if (body.range) headers['content-range'] = body.range;
        const response = await fetch(new URL(route, this.options.url), {
          method,
          headers,
          body:
            body.json !== undefined ? JSON.stringify(body.json) : body.bytes && new Uint8Array(body.bytes),
          signal: AbortSignal.timeout(60_000),
        });
        const text = await response.text();
        if (response.ok) return (JSON.parse(text) as { data: Answer }).data;
        status = response.status;
        message = messageOf(text) ?? `platform answered ${status}`;
        if (status !== 429 && status < 500) throw new UploadError(status, message);
      } catch (error) {
        if (error instanceof UploadError) throw error;
        message = `platform unreachable: ${(error as Error).message}`;
      }
      if (attempt >= attempts) throw new UploadError(status, message);
      this.options.log?.('warn', message, { status, retryInMs: backoff });
      await new Promise((resolve) => setTimeout(resolve, backoff * (0.75 + Math.random() * 0.5)));
      backoff = Math.min(backoff * 2, this.options.maxBackoffMs ?? 30_000);
    }
  }
}

function messageOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

function loadState(file: string): UploadState | null {
  try {
    const value = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<UploadState>;
    if (
      typeof value.sha256 === 'string' &&
      typeof value.size === 'number' &&
      typeof value.mtimeMs === 'number'
    ) {
      return {
        sha256: value.sha256,
        size: value.size,
        mtimeMs: value.mtimeMs,
        uploadId: value.uploadId ?? null,
      };
    }
  } catch {
    // none yet, or torn: start afresh (the platform knows the file by its checksum)
  }
  return null;
}

function saveState(file: string, state: UploadState): void {
  const tmp = `${file}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(state));
  fs.renameSync(tmp, file);
}

/**
 * The map that ended last in games_mp.log: CoD4x stops the demos when the map ends, after `ShutdownGame:`,
 * so it is the map of the last `InitGame:` before the last `ShutdownGame:` (or the last `InitGame:`).
 */
export function lastEndedMap(logPath: string | undefined): string | undefined {
  if (!logPath) return undefined;
  let text: string;
  try {
    const fd = fs.openSync(logPath, 'r');
    try {
      const size = fs.fstatSync(fd).size;
      const length = Math.min(size, 4 * 1024 * 1024);
      const bytes = Buffer.alloc(length);
      fs.readSync(fd, bytes, 0, length, size - length);
      text = bytes.toString('latin1');
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return undefined;
  }
  let current: string | undefined;
  let ended: string | undefined;
  for (const line of text.split('\n')) {
    const init = /InitGame:.*\\mapname\\([^\\]+)/.exec(line);
    if (init) current = init[1];
    else if (/ShutdownGame:/.test(line)) ended = current;
  }
  const map = ended ?? current;
  return map && /^mp_\w{1,60}$/.test(map) ? map : undefined;
}
