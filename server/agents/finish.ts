import type { Kysely } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { DB } from '../schema/tables.js';
import { recordMove } from '../goods-counts/index.js';

/** FINISH_ACTIVATION's status numbers and what each makes of the activation. */
export const FINISH_STATUS = { 1: 'blocked', 3: 'sold', 4: 'cancelled', 5: 'returned' } as const;
export type FinishStatus = keyof typeof FINISH_STATUS;

/**
 * FINISH_ACTIVATION, idempotent: true when the activation is this aggregator's (a repeat, or a status
 * after the first, changes nothing and still answers true), false when it is not. The first finish
 * of a waiting activation, in one transaction, with its stock item:
 * - 4 (cancelled): the number goes back on sale (the store's, and the aggregators' until its fourth
 *   hand-out);
 * - 1 (blocked): never offered for this service again; the item is disabled (the product is that
 *   service);
 * - 3 (sold): the item stays sold, counted in the product's sales; the sum is the aggregator's sale;
 * - 5 (returned): the buyer was refunded; the item stays taken.
 * A sale returned later (3, then 5) becomes a return.
 */
export async function finishActivation(ctx: Ctx, aggregatorId: number, activationId: number, status: FinishStatus): Promise<boolean> {
  if (!Number.isSafeInteger(activationId) || activationId <= 0) return false;
  const now = ctx.now();
  const next = FINISH_STATUS[status];
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('agent_activations')
      .select(['id', 'status', 'goods_id', 'stock_item_id'])
      .where('id', '=', activationId)
      .where('aggregator_id', '=', aggregatorId)
      .executeTakeFirst();
    if (!row) return false;
    const from = row.status;
    const turns = from === 'waiting' || (from === 'sold' && next === 'returned');
    if (!turns) return true;
    // Conditional on the state just read: two finishes at once change it once.
    const changed = await trx
      .updateTable('agent_activations')
      .set({ status: next, finish_at: now })
      .where('id', '=', activationId)
      .where('status', '=', from)
      .executeTakeFirst();
    if (!Number(changed.numUpdatedRows) || from !== 'waiting') return true;
    await settleItem(trx, { item: Number(row.stock_item_id), goods: Number(row.goods_id), next, now });
    return true;
  });
}

/** What the first finish does to the number's stock item and its product's counters. */
async function settleItem(trx: Kysely<DB>, p: { item: number; goods: number; next: (typeof FINISH_STATUS)[FinishStatus]; now: number }) {
  // Only while the hand-out still holds it: taken by the aggregator (sold, no link).
  const held = (q: ReturnType<typeof updateItem>) => q.where('id', '=', p.item).where('state', '=', 'sold').where('token_id', 'is', null);
  const updateItem = () => trx.updateTable('stock_items');
  if (p.next === 'cancelled') {
    const back = await held(updateItem().set({ state: 'available', update_at: p.now })).executeTakeFirst();
    if (Number(back.numUpdatedRows)) await recordMove(trx, { goods: p.goods, sold: 0, stock: 1 });
  } else if (p.next === 'blocked') {
    await held(updateItem().set({ state: 'disabled', update_at: p.now })).execute();
  } else if (p.next === 'sold') {
    await recordMove(trx, { goods: p.goods, sold: 1, stock: 0 });
  }
}
