import type { Kysely } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { DB } from '../schema/tables.js';
import type { Job } from '../platform/jobs/runner.js';
import type { ResellerTerms } from '../pricing/index.js';
import { changeBalance } from '../finance/index.js';

const DAY = 86_400_000;
/** Profits settled per round of the job, and rounds before it waits for its next turn. */
const BATCH = 200;
const ROUNDS = 50;

/**
 * A reseller's profit on one order of one of its customers: what the customer paid less the
 * reseller's own price, pending until the reseller's settle_days have passed (0: the job's next
 * round, within a minute). Written in the order's own transaction; nothing when there is no profit.
 */
export async function recordProfit(
  trx: Kysely<DB>,
  p: { reseller: ResellerTerms; buyerId: number; orderId: number; profit: number; now: number },
): Promise<void> {
  if (p.profit <= 0 || p.buyerId === p.reseller.userId) return;
  await trx
    .insertInto('profits')
    .values({
      user_id: p.reseller.userId,
      order_id: p.orderId,
      buyer_id: p.buyerId,
      amount: p.profit,
      reversed: 0,
      state: 'pending',
      settle_at: p.now + p.reseller.settleDays * DAY,
      settled_at: null,
      create_at: p.now,
    })
    .execute();
}

/**
 * A refund of an order takes back the profit of the part refunded, in the refund's transaction: the
 * profit's share of everything refunded so far (all of it once the order is refunded in full), less
 * what earlier refunds took. Pending, it is never credited; settled, the reseller's balance is debited
 * with a ledger row, even below zero (finance sees the negative balance).
 */
export async function reverseProfit(
  trx: Kysely<DB>,
  ctx: Ctx,
  order: { id: number; amount: number; refunded: number; orderNo?: string },
): Promise<void> {
  let q = trx.selectFrom('profits').selectAll().where('order_id', '=', order.id);
  if (ctx.database.dialect === 'postgres') q = q.forUpdate();
  const profit = await q.executeTakeFirst();
  if (!profit || profit.state === 'reversed') return;
  const amount = Number(profit.amount);
  const target = order.refunded >= order.amount ? amount : Math.floor((amount * order.refunded) / order.amount);
  const part = target - Number(profit.reversed);
  if (part <= 0) return;
  const state = target >= amount ? 'reversed' : profit.state;
  await trx.updateTable('profits').set({ reversed: target, state }).where('id', '=', profit.id).execute();
  if (profit.state !== 'settled') return;
  const no = order.orderNo ?? (await trx.selectFrom('orders').select('order_no').where('id', '=', order.id).executeTakeFirst())?.order_no;
  await changeBalance(trx, {
    userId: Number(profit.user_id),
    amount: -part,
    type: 'profit',
    refType: 'profit',
    refId: Number(profit.id),
    remark: `订单 ${no ?? order.id} 退款，冲回分站利润`,
    now: ctx.now(),
    mayGoNegative: true,
  });
}

/**
 * Credits one due profit (what refunds have not taken back) to its reseller, in one transaction with
 * its ledger row; conditional on it still pending, so two rounds never credit it twice.
 */
async function settleOne(ctx: Ctx, id: number): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    const settled = await trx
      .updateTable('profits')
      .set({ state: 'settled', settled_at: now })
      .where('id', '=', id)
      .where('state', '=', 'pending')
      .where('settle_at', '<=', now)
      .returning(['user_id', 'order_id', 'amount', 'reversed'])
      .executeTakeFirst();
    if (!settled) return;
    const credit = Number(settled.amount) - Number(settled.reversed);
    if (credit <= 0) return;
    const order = await trx.selectFrom('orders').select('order_no').where('id', '=', settled.order_id).executeTakeFirst();
    await changeBalance(trx, {
      userId: Number(settled.user_id),
      amount: credit,
      type: 'profit',
      refType: 'profit',
      refId: id,
      remark: `订单 ${order?.order_no ?? settled.order_id} 分站利润`,
      now,
    });
  });
}

/** Every minute: the profits whose settle time has come are credited (docs/resellers.md). */
export const settleJob: Job = {
  name: 'reseller-profit-settle',
  everyMs: 60_000,
  async run(ctx) {
    let after = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const due = await ctx.db
        .selectFrom('profits')
        .select('id')
        .where('state', '=', 'pending')
        .where('settle_at', '<=', ctx.now())
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (!due.length) return;
      for (const { id } of due) {
        await settleOne(ctx, Number(id));
        after = Number(id);
      }
    }
  },
};
