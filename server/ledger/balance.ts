import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { fail } from '../http/envelope.js';

/** `debit_manual`: a sup's manual debit (a negative manual recharge). */
export type LedgerType = 'recharge_auto' | 'recharge_manual' | 'debit_manual' | 'order' | 'refund';

export interface BalanceChange {
  userId: number;
  /** Signed cents. */
  amount: number;
  type: LedgerType;
  refType?: string;
  refId?: number;
  remark?: string | null;
  now: number;
}

/**
 * Moves a balance and writes its ledger row; call it inside the transaction that does the rest of
 * the operation. The debit is conditional (`balance + amount >= 0`), so concurrent calls can never
 * take a balance below zero, and before/after come from the row the update returned.
 */
export async function changeBalance(trx: Kysely<DB>, c: BalanceChange): Promise<{ before: number; after: number }> {
  const updated = await trx.updateTable('users')
    .set((eb) => ({ balance: eb('balance', '+', c.amount) }))
    .where('id', '=', c.userId)
    .where((eb) => eb(eb('balance', '+', c.amount), '>=', 0))
    .returning('balance')
    .executeTakeFirst();
  if (!updated) {
    const exists = await trx.selectFrom('users').select('id').where('id', '=', c.userId).executeTakeFirst();
    if (!exists) throw fail.notFound('用户不存在');
    throw fail.balanceLow('余额不足');
  }
  const after = Number(updated.balance);
  const before = after - c.amount;
  await trx.insertInto('ledger').values({
    user_id: c.userId, type: c.type, amount: c.amount, balance_before: before, balance_after: after,
    ref_type: c.refType ?? null, ref_id: c.refId ?? null, remark: c.remark ?? null, create_at: c.now,
  }).execute();
  return { before, after };
}
