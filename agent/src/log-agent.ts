// The shipping loop: take the next chunk of complete lines, post it until the platform acknowledges it
// (retrying with exponential backoff and jitter on network errors, 5xx and 429), then save the position.
// A chunk is kept unchanged until it is acknowledged, so a retry resends the same bytes.
import { loadPosition, savePosition } from './agent-state.ts';
import { LogTailer, type LogChunk } from './log-tailer.ts';

export interface AgentOptions {
  /** games_mp.log of the CoD4x server. */
  logPath: string;
  /** The platform's base URL (`https://versus.example.org`). */
  url: string;
  /** The server's agent token (shown once to the admin who registered the server). */
  token: string;
  /** Where the position is kept (default `<logPath>.versus-agent.json`). */
  statePath?: string;
  /** How often to look for new lines when the file is quiet. */
  pollMs?: number;
  /** First retry delay; doubles up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Lines per batch at most. */
  maxLines?: number;
  log?: (level: 'info' | 'warn' | 'error', message: string, data?: Record<string, unknown>) => void;
}

interface Receipt {
  fileKey: string;
  ackOffset: number;
  duplicate: boolean;
  accepted: number;
}

class PostError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

export class LogAgent {
  private readonly tailer: LogTailer;
  private readonly statePath: string;
  private stopped = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  /** Batches acknowledged since start (tests and the embedded default read it). */
  shipped = 0;

  constructor(private readonly options: AgentOptions) {
    this.statePath = options.statePath ?? `${options.logPath}.versus-agent.json`;
    this.tailer = new LogTailer(options.logPath, loadPosition(this.statePath), {
      maxLines: options.maxLines ?? 2000,
      maxBytes: 512 * 1024,
    });
  }

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    this.tailer.close();
  }

  private async run(): Promise<void> {
    let pending: LogChunk | null = null;
    let backoff = this.options.backoffMs ?? 500;
    while (!this.stopped) {
      pending ??= this.tailer.next();
      const chunk = pending;
      if (!chunk) {
        await this.sleep(this.options.pollMs ?? 250);
        continue;
      }
      try {
        const receipt = await this.post(chunk);
        this.tailer.advance(chunk, receipt.ackOffset);
        const position = this.tailer.position();
        if (position) savePosition(this.statePath, position);
        this.shipped++;
        pending = null;
        backoff = this.options.backoffMs ?? 500;
      } catch (error) {
        const status = error instanceof PostError ? error.status : null;
        if (status === 422 || status === 413) {
          // The platform refused the batch itself (it counted it): resending cannot help.
          this.note('error', 'batch refused, skipped', { status, startOffset: chunk.startOffset });
          this.tailer.advance(chunk, chunk.endOffset);
          pending = null;
          continue;
        }
        this.note(status === 401 ? 'error' : 'warn', (error as Error).message, { retryInMs: backoff });
        await this.sleep(backoff * (0.75 + Math.random() * 0.5));
        backoff = Math.min(backoff * 2, this.options.maxBackoffMs ?? 30_000);
      }
    }
  }

  private async post(chunk: LogChunk): Promise<Receipt> {
    const url = new URL('/api/v1/game-server-agent/batches', this.options.url);
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ batchId: `${chunk.fileKey}:${chunk.startOffset}`, ...chunk }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new PostError(null, `platform unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (response.status === 401) throw new PostError(401, 'the platform refused the agent token');
    if (!response.ok) throw new PostError(response.status, `platform answered ${response.status}`);
    const body = JSON.parse(text) as { data: Receipt };
    return body.data;
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private note(level: 'info' | 'warn' | 'error', message: string, data?: Record<string, unknown>): void {
    this.options.log?.(level, message, data);
  }
}
