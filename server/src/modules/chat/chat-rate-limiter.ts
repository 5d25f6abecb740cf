/**
 * Counts chat messages per user in fixed windows. In process memory: with several instances each counts
 * its own, so a user spreading messages over N instances gets N times the limit (as the sign-in limiter).
 */
export class ChatRateLimiter {
  private readonly windows = new Map<number, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowSeconds: number,
  ) {}

  /** Takes one message from the user's allowance: 0 when allowed, else seconds until the next is. */
  take(userId: number, now: number): number {
    const window = this.windows.get(userId);
    if (!window || window.resetAt <= now) {
      this.windows.set(userId, { count: 1, resetAt: now + this.windowSeconds * 1000 });
      this.prune(now);
      return 0;
    }
    if (window.count >= this.max) return Math.max(1, Math.ceil((window.resetAt - now) / 1000));
    window.count += 1;
    return 0;
  }

  private prune(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
