import type { Ctx } from '../platform/context.js';
import type { Job } from '../platform/jobs/runner.js';
import { LIVE } from './states.js';

export const BATCH = 200;
/** A round stops after this many links, leaving the rest to the next one (rounds stay short). */
export const ROUND_MAX = 5_000;

/**
 * Marks links past their expiry as expired, and their numbers too. Each link is its own transaction
 * and the update is conditional on the link still being live and past its time, so a round that
 * stops midway leaves every link either done or untouched, and a renewal in between wins.
 */
export const expiryJob: Job = {
  name: 'token-expiry',
  everyMs: 60_000,
  async run(ctx) {
    for (let done = 0; done < ROUND_MAX;) {
      const now = ctx.now();
      const due = await ctx.db
        .selectFrom('tokens')
        .select('id')
        .where('state', 'in', LIVE)
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(BATCH)
        .execute();
      if (!due.length) return;
      for (const { id } of due) await expire(ctx, Number(id), now);
      done += due.length;
    }
  },
};

async function expire(ctx: Ctx, tokenId: number, now: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const result = await trx
      .updateTable('tokens')
      .set({ state: 'expired' })
      .where('id', '=', tokenId)
      .where('state', 'in', LIVE)
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    if (!Number(result.numUpdatedRows)) return;
    await trx
      .updateTable('stock_items')
      .set({ state: 'expired', update_at: now })
      .where('token_id', '=', tokenId)
      .where('state', '=', 'sold')
      .execute();
  });
}
