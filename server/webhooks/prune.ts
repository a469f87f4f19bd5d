import type { Job } from '../platform/jobs/runner.js';

/** Rows deleted per statement, and at most per round (the rest are the next round's). */
const BATCH = 5_000;
const ROUND_MAX = 500_000;
const DAY_MS = 86_400_000;

/**
 * Forgets finished deliveries (delivered or failed) older than WEBHOOK_LOG_DAYS: one row per code
 * would otherwise grow without end. Oldest first, by id (ids grow with time, so the primary key
 * finds them), in small deletes so no statement holds the writer long. Pending rows are never touched.
 */
export const pruneJob: Job = {
  name: 'webhook-log-prune',
  everyMs: 3_600_000,
  async run(ctx) {
    const before = ctx.now() - ctx.settings.webhookLogDays * DAY_MS;
    for (let done = 0; done < ROUND_MAX;) {
      const r = await ctx.db
        .deleteFrom('webhook_deliveries')
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('webhook_deliveries')
            .select('id')
            .where('create_at', '<', before)
            .where('status', 'in', ['delivered', 'failed'])
            .orderBy('id')
            .limit(BATCH),
        )
        .executeTakeFirst();
      const n = Number(r.numDeletedRows);
      done += n;
      if (n < BATCH) return;
    }
  },
};
