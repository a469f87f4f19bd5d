import type { Ctx } from '../../platform/context.js';
import type { Job } from '../../platform/jobs/runner.js';
import { epayOpen, readEpayConfig } from './config.js';
import { keepRefusal, settleEpay } from './credit.js';
import { askGateway } from './gateway.js';
import { expireEpay } from './orders.js';

/** Orders asked about per round: a gateway is not flooded when many wait. */
const PER_ROUND = 20;
/** An order is asked about once its notification is this late… */
const LATE_MS = 60_000;
/** …and for this long after it expired (a payment made at the last moment whose notification was lost). */
const AFTER_EXPIRY_MS = 3_600_000;
/** Refused notifications kept for finance; older ones go. */
const REFUSALS_KEPT = 1000;

/**
 * Asks the gateway (`api.php?act=order`) about orders whose notification has not come: waiting ones a
 * minute old, and ones expired within the hour, oldest asked first, and credits those it says are paid
 * (through the same check and credit as a notification). Also expires overdue orders and trims the
 * refusals kept.
 */
export const epayQueryJob: Job = {
  name: 'epay-query',
  everyMs: 60_000,
  async run(ctx: Ctx) {
    const now = ctx.now();
    await expireEpay(ctx.db, now);
    await trimRefusals(ctx);
    const cfg = await readEpayConfig(ctx.db, ctx.settings);
    if (!epayOpen(cfg)) return;
    const late = await ctx.db
      .selectFrom('epay_orders')
      .select(['order_no'])
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'waiting'), eb('create_at', '<=', now - LATE_MS)]),
          eb.and([eb('state', '=', 'expired'), eb('expires_at', '>', now - AFTER_EXPIRY_MS)]),
        ]),
      )
      .orderBy('update_at')
      .limit(PER_ROUND)
      .execute();
    for (const { order_no: orderNo } of late) {
      const answer = await askGateway(cfg, orderNo, ctx.settings.webhookAllowPrivate);
      // Asked: it goes to the back of the queue (update_at), whatever the answer.
      await ctx.db
        .updateTable('epay_orders')
        .set({ update_at: ctx.now() })
        .where('order_no', '=', orderNo)
        .where('state', '!=', 'paid')
        .execute();
      if (!answer.paid) continue;
      const settled = await settleEpay(ctx, { orderNo, tradeNo: answer.tradeNo, money: answer.money, ip: null });
      if (!settled.credited && !settled.already) {
        await keepRefusal(ctx, { orderNo, tradeNo: answer.tradeNo, money: answer.money, reason: `查询：${settled.why}`, ip: null });
      }
    }
  },
};

async function trimRefusals(ctx: Ctx): Promise<void> {
  const edge = await ctx.db
    .selectFrom('epay_refusals')
    .select('id')
    .orderBy('id', 'desc')
    .offset(REFUSALS_KEPT)
    .limit(1)
    .executeTakeFirst();
  if (edge) await ctx.db.deleteFrom('epay_refusals').where('id', '<=', edge.id).execute();
}
