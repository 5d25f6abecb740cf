/**
 * Counts failed sign-in attempts in fixed windows, per key ("ip:1.2.3.4", "user:player1").
 * Kept in process memory: with several instances behind a balancer each instance counts its own
 * attempts, so the effective limit is multiplied by the instance count (noted in the README).
 */
export class LoginLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly windowSeconds: number) {}

  /** Seconds until `key` may try again, or 0 when it is under `max`. */
  retryAfter(key: string, max: number, now: number): number {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return 0;
    return window.count >= max ? Math.ceil((window.resetAt - now) / 1000) : 0;
  }

  hit(key: string, now: number): void {
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowSeconds * 1000 });
      this.prune(now);
    } else {
      window.count += 1;
    }
  }

  clear(key: string): void {
    this.windows.delete(key);
  }

  // Bounded memory under a spray of usernames: expired windows are dropped as new ones open.
  private prune(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
