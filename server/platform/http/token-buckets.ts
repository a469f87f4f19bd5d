/**
 * Token buckets kept in this process's memory, for the code-read route: it must answer without a
 * database write. Several processes each keep their own (a client spread over N processes gets up
 * to N times the rate), which is acceptable for a limit meant to stop floods, not to bill.
 */
const PRUNE_AT = 100_000;

export class Buckets {
  private buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;

  /** `perMinute` sustained, with bursts of up to `burst`. */
  constructor(
    perMinute: number,
    private readonly burst: number,
  ) {
    this.perMs = perMinute / 60_000;
  }

  /** 0 when the hit is allowed (and counted), else the seconds until the next one would be. */
  take(key: string, now: number): number {
    const bucket = this.buckets.get(key);
    const tokens = this.tokensOf(bucket, now);
    if (tokens < 1) {
      if (bucket) {
        bucket.tokens = tokens;
        bucket.at = now;
      }
      return this.secondsFor(tokens);
    }
    if (!bucket && this.buckets.size >= PRUNE_AT) this.prune(now);
    if (bucket) {
      bucket.tokens = tokens - 1;
      bucket.at = now;
    } else this.buckets.set(key, { tokens: tokens - 1, at: now });
    return 0;
  }

  /**
   * What `take` would answer, counting nothing: for a limit on failures, asked before the work whose
   * failure `take` then counts (a caller already over it is refused without that work).
   */
  wait(key: string, now: number): number {
    const tokens = this.tokensOf(this.buckets.get(key), now);
    return tokens < 1 ? this.secondsFor(tokens) : 0;
  }

  private tokensOf(bucket: { tokens: number; at: number } | undefined, now: number): number {
    // A clock set back refills nothing (and takes nothing away).
    return bucket ? Math.min(this.burst, bucket.tokens + Math.max(0, now - bucket.at) * this.perMs) : this.burst;
  }

  private secondsFor(tokens: number): number {
    return Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000));
  }

  /** Forgets buckets that have filled up again: they hold nothing a fresh one would not. */
  private prune(now: number): void {
    for (const [key, b] of this.buckets) {
      if (b.tokens + Math.max(0, now - b.at) * this.perMs >= this.burst) this.buckets.delete(key);
    }
    if (this.buckets.size >= PRUNE_AT) this.buckets.clear();
  }
}
