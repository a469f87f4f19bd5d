import type { Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';
import { fail } from '../platform/http/envelope.js';
import { statement } from '../platform/db/fast-query.js';

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
  const [updated] = (await move(trx, { user: c.userId, amount: c.amount })).rows;
  if (!updated) {
    const exists = await trx.selectFrom('users').select('id').where('id', '=', c.userId).executeTakeFirst();
    if (!exists) throw fail.notFound('用户不存在');
    throw fail.balanceLow('余额不足');
  }
  const after = Number(updated.balance);
  const before = after - c.amount;
  await record(trx, {
    user: c.userId, type: c.type, amount: c.amount, before, after,
    refType: c.refType ?? null, refId: c.refId ?? null, remark: c.remark ?? null, now: c.now,
  });
  return { before, after };
}

// Compiled once: every purchase runs them.
const move = statement((db, value) => db.updateTable('users')
  .set((eb) => ({ balance: eb('balance', '+', value('amount')) }))
  .where('id', '=', value('user'))
  .where((eb) => eb(eb('balance', '+', value('amount')), '>=', 0))
  .returning('balance'));
const record = statement((db, value) => db.insertInto('ledger').values({
  user_id: value('user'), type: value('type'), amount: value('amount'), balance_before: value('before'), balance_after: value('after'),
  ref_type: value('refType'), ref_id: value('refId'), remark: value('remark'), create_at: value('now'),
}));
