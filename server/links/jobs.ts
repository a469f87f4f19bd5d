import type { Ctx } from '../platform/context.js';
import type { Job } from '../platform/jobs/runner.js';
import { refundToken } from '../sales/refund.js';
import { LIVE } from './states.js';

const BATCH = 200;
/** A round stops after this many links, leaving the rest to the next one (rounds stay short). */
const ROUND_MAX = 5_000;

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
      const due = await ctx.db.selectFrom('tokens').select('id').where('state', 'in', LIVE).where('expires_at', '<=', now)
        .orderBy('expires_at').limit(BATCH).execute();
      if (!due.length) return;
      for (const { id } of due) await expire(ctx, Number(id), now);
      done += due.length;
    }
  },
};

async function expire(ctx: Ctx, tokenId: number, now: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const result = await trx.updateTable('tokens').set({ state: 'expired' })
      .where('id', '=', tokenId).where('state', 'in', LIVE).where('expires_at', '<=', now).executeTakeFirst();
    if (!Number(result.numUpdatedRows)) return;
    await trx.updateTable('stock_items').set({ state: 'expired', update_at: now })
      .where('token_id', '=', tokenId).where('state', '=', 'sold').execute();
  });
}

/**
 * Refunds links that received no code within their product's code_wait_minutes (set on the link as
 * refund_at when bought). Each refund is one transaction, conditional on the link still having no
 * code and not being refunded, so two processes (or a process that crashed midway and a new one)
 * never refund a link twice; the job's lease keeps them from even trying at the same time.
 */
export const autoRefundJob: Job = {
  name: 'token-auto-refund',
  everyMs: 60_000,
  async run(ctx) {
    let after = 0;
    for (let done = 0; done < ROUND_MAX;) {
      const due = await ctx.db.selectFrom('tokens').select('id')
        .where('state', 'in', ['active', 'expired']).where('code_count', '=', 0)
        .where('refund_at', 'is not', null).where('refund_at', '<=', ctx.now()).where('id', '>', after)
        .orderBy('id').limit(BATCH).execute();
      if (!due.length) return;
      for (const { id } of due) {
        await refundToken(ctx, Number(id), { remark: '超时未收到验证码，自动退款', auto: true });
        after = Number(id);
      }
      done += due.length;
    }
  },
};
