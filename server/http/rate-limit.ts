import { sql } from 'kysely';
import type { Ctx } from '../context.js';
import { fail } from './envelope.js';

/**
 * A fixed-window counter kept in the database, so several server processes share one limit.
 * Throws 429 once `limit` hits have been counted for `key` within the window.
 */
export async function rateLimit(ctx: Ctx, key: string, limit: number, windowMs: number): Promise<void> {
  const now = ctx.now();
  const expired = now - windowMs;
  const result = await sql<{ count: number }>`
    INSERT INTO rate_limits (key, window_start, count) VALUES (${key}, ${now}, 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_start <= ${expired} THEN 1 ELSE rate_limits.count + 1 END,
      window_start = CASE WHEN rate_limits.window_start <= ${expired} THEN ${now} ELSE rate_limits.window_start END
    RETURNING count`.execute(ctx.db);
  if (Math.random() < 0.01) {
    await ctx.db.deleteFrom('rate_limits').where('window_start', '<', now - 3_600_000).execute();
  }
  if (Number(result.rows[0]?.count ?? 0) > limit) throw fail.tooMany();
}
