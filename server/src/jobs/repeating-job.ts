import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `pass` every `intervalMs` after the previous pass ends (never two at once), logs a failed pass
 * and goes on, and on `stop()` waits for the pass in flight. An interval of 0 or less never starts.
 * The timer is unref'd so it never keeps the process alive by itself.
 */
export class RepeatingJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = false;

  constructor(
    private readonly name: string,
    private readonly intervalMs: number,
    private readonly pass: () => Promise<unknown>,
    private readonly log: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  start(): void {
    if (this.intervalMs <= 0 || this.timer || this.stopped) return;
    this.schedule();
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      this.running = this.pass()
        .catch((err: unknown) => this.log.error({ err }, `${this.name}: pass failed`))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.schedule();
        });
    }, this.intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a pass in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
