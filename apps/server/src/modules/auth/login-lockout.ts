/**
 * Per-account login lockout: after MAX_FAILURES failed logins for one account within WINDOW_MS, further logins for
 * that account are refused until the oldest failure is WINDOW_MS old. It complements the per-IP rate limit of the
 * endpoint, which does not stop a slow attack on one account from many addresses.
 *
 * The state is in memory, per app instance: it is lost on restart and not shared between processes. That is
 * enough for the single-process deployment this app targets; a multi-process deployment would move it to the
 * database. A successful login clears the account's failures.
 */
export const MAX_FAILURES = 5;
export const WINDOW_MS = 15 * 60_000;

export class LoginLockout {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly now: () => number = Date.now) {}

  isLocked(accountKey: string): boolean {
    return this.recent(accountKey).length >= MAX_FAILURES;
  }

  recordFailure(accountKey: string): void {
    const recent = this.recent(accountKey);
    recent.push(this.now());
    this.failures.set(accountKey, recent);
    if (this.failures.size > 100_000) this.prune();
  }

  clear(accountKey: string): void {
    this.failures.delete(accountKey);
  }

  private recent(accountKey: string): number[] {
    const cutoff = this.now() - WINDOW_MS;
    const recent = (this.failures.get(accountKey) ?? []).filter((time) => time > cutoff);
    if (recent.length === 0) this.failures.delete(accountKey);
    return recent;
  }

  /** Bounds memory under a spray of failures across many accounts. */
  private prune(): void {
    for (const key of [...this.failures.keys()]) this.recent(key);
  }
}
