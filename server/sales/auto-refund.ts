import type { Job } from '../platform/jobs/runner.js';
import { EXPIRY_BATCH, EXPIRY_ROUND_MAX } from '../links/index.js';
import { refundLink } from './refund.js';

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
    for (let done = 0; done < EXPIRY_ROUND_MAX;) {
      const due = await ctx.db
        .selectFrom('tokens')
        .select('id')
        .where('state', 'in', ['active', 'expired'])
        .where('code_count', '=', 0)
        .where('refund_at', 'is not', null)
        .where('refund_at', '<=', ctx.now())
        .where('id', '>', after)
        .orderBy('id')
        .limit(EXPIRY_BATCH)
        .execute();
      if (!due.length) return;
      for (const { id } of due) {
        await refundLink(ctx, Number(id), { remark: '超时未收到验证码，自动退款', auto: true });
        after = Number(id);
      }
      done += due.length;
    }
  },
};
