import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { fail } from './envelope.js';

/**
 * Counts one hit for `key` in a fixed window kept in the database, so several server processes share
 * one count. Answers the count so far in the window and when the window ends.
 */
export async function countHit(ctx: Ctx, key: string, windowMs: number): Promise<{ count: number; endsAt: number }> {
  const now = ctx.now();
  const expired = now - windowMs;
  const result = await sql<{ count: number; window_start: number }>`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= ${expired} THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= ${expired} THEN ${now} ELSE rate_limits.window_start END
    RETURNING count, window_start`.execute(ctx.db);
  if (Math.random() < 0.01) {
    await ctx.db
      .deleteFrom('rate_limits')
      .where('window_start', '<', now - 3_600_000)
      .execute();
  }
  const row = result.rows[0];
  return { count: Number(row?.count ?? 0), endsAt: Number(row?.window_start ?? now) + windowMs };
}

/** Throws 429 once `limit` hits have been counted for `key` within the window. */
export async function rateLimit(ctx: Ctx, key: string, limit: number, windowMs: number): Promise<void> {
  const { count } = await countHit(ctx, key, windowMs);
  if (count > limit) throw fail.tooMany();
}

/**
 * Guesses at one account's secret. Each attempt is counted before the secret is checked, so that
 * concurrent guesses cannot slip past the limit; over it, 429 with the wait in whole minutes (the
 * window is fixed, so the wait never grows). The owner's success forgets the attempts (`forgetAttempts`).
 */
export async function limitAttempts(
  ctx: Ctx,
  key: string,
  limit: number,
  windowMs: number,
  refusal: (minutes: number) => string,
): Promise<void> {
  const { count, endsAt } = await countHit(ctx, key, windowMs);
  if (count > limit) throw fail.tooMany(refusal(Math.max(1, Math.ceil((endsAt - ctx.now()) / 60_000))));
}

export async function forgetAttempts(ctx: Ctx, key: string): Promise<void> {
  await ctx.db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
