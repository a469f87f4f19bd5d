import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { fail } from '../http/envelope.js';

/** How many cents above the requested amount a pay order may go looking for a free amount. */
export const MAX_TRIES = 100;

/**
 * Claims the smallest free amount requested + k cents (k < 100) for an order, until `heldUntil`.
 * An amount is free when no order holds it: the claim is one atomic insert-or-take-over-if-expired,
 * so two processes asking at once never get the same amount.
 */
export async function claimAmount(trx: Kysely<DB>, requested: number, orderId: number, now: number, heldUntil: number): Promise<number> {
  const held = new Set((await trx.selectFrom('usdt_amounts').select('amount')
    .where('amount', '>=', requested).where('amount', '<', requested + MAX_TRIES)
    .where('held_until', '>', now).execute()).map((r) => Number(r.amount)));
  for (let k = 0; k < MAX_TRIES; k += 1) {
    const amount = requested + k;
    if (held.has(amount)) continue;
    const { rows } = await sql<{ amount: number }>`
      INSERT INTO usdt_amounts (amount, order_id, held_until) VALUES (${amount}, ${orderId}, ${heldUntil})
      ON CONFLICT (amount) DO UPDATE SET order_id = excluded.order_id, held_until = excluded.held_until
        WHERE usdt_amounts.held_until <= ${now}
      RETURNING amount`.execute(trx);
    if (rows.length === 1) return amount;
  }
  throw fail.conflict('当前充值人数较多，暂时无法分配支付金额，请稍后再试或换一个金额');
}
