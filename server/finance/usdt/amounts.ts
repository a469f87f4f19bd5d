import { sql, type Kysely } from 'kysely';
import type { DB } from '../../schema/tables.js';
import { fail } from '../../platform/http/envelope.js';

/** How many cents above the requested amount a pay order may go looking for a free amount. */
export const MAX_TRIES = 100;

/**
 * Where an amount must be unique: one chain's one receiving address. The same amount may wait on
 * TRC20 and on BEP20 at once (or on an old and a new address): a transfer says where it arrived.
 */
export interface AmountPool {
  chain: string;
  address: string;
}

/** The amounts from `requested` up that some order holds now in a pool: the ones not worth trying. */
export async function heldAmounts(db: Kysely<DB>, pool: AmountPool, requested: number, now: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('usdt_amounts')
    .select('amount')
    .where('chain', '=', pool.chain)
    .where('address', '=', pool.address)
    .where('amount', '>=', requested)
    .where('amount', '<', requested + MAX_TRIES)
    .where('held_until', '>', now)
    .execute();
  return new Set(rows.map((r) => Number(r.amount)));
}

/**
 * Claims the smallest free amount requested + k cents (k < 100) in a pool for an order, until `heldUntil`.
 * Each try is one atomic insert-or-take-over-if-expired, so two processes asking at once never get
 * the same amount (a stale `held` only costs a try).
 */
export async function claimAmount(
  trx: Kysely<DB>,
  pool: AmountPool,
  requested: number,
  held: Set<number>,
  now: number,
  heldUntil: number,
): Promise<number> {
  for (let k = 0; k < MAX_TRIES; k += 1) {
    const amount = requested + k;
    if (held.has(amount)) continue;
    const { rows } = await sql<{ amount: number }>`
      INSERT INTO usdt_amounts (chain, address, amount, order_id, held_until)
      VALUES (${pool.chain}, ${pool.address}, ${amount}, 0, ${heldUntil})
      ON CONFLICT (chain, address, amount) DO UPDATE SET order_id = excluded.order_id, held_until = excluded.held_until
        WHERE usdt_amounts.held_until <= ${now}
      RETURNING amount`.execute(trx);
    if (rows.length === 1) return amount;
  }
  throw fail.conflict('当前充值人数较多，暂时无法分配支付金额，请稍后再试或换一个金额');
}

/** Shortens an order's hold on its amount to `until` (never lengthens it). */
export async function releaseAmount(trx: Kysely<DB>, orderId: number, until: number): Promise<void> {
  await trx
    .updateTable('usdt_amounts')
    .set({ held_until: until })
    .where('order_id', '=', orderId)
    .where('held_until', '>', until)
    .execute();
}
