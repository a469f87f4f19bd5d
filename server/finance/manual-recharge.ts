import type { Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';
import { fail } from '../platform/http/envelope.js';
import { changeBalance } from './ledger.js';

/**
 * A sup's credit (or debit, when negative) of a user's balance: a recharge record and its ledger row.
 * A debit is recorded as its own kind ('deduct' / 'debit_manual') with its negative amount, so the
 * recharge sums of the home figures (every recharge row) and the difference are the same either way.
 */
export async function manualRecharge(
  db: Kysely<DB>,
  p: { userId: number; amount: number; remark: string; operatorId: number; now: number },
  /** Runs last in the same transaction (the audit row of the change). */
  inside?: (trx: Kysely<DB>, change: { before: number; after: number; recordId: number }) => Promise<void>,
): Promise<{ balance: number }> {
  const debit = p.amount < 0;
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom('users').select('id').where('id', '=', p.userId).executeTakeFirst();
    if (!user) throw fail.notFound('用户不存在');
    const record = await trx
      .insertInto('recharges')
      .values({
        user_id: p.userId,
        type: debit ? 'deduct' : 'manual',
        amount: p.amount,
        remark: p.remark,
        operator_id: p.operatorId,
        create_at: p.now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { before, after } = await changeBalance(trx, {
      userId: p.userId,
      amount: p.amount,
      type: debit ? 'debit_manual' : 'recharge_manual',
      refType: 'recharge',
      refId: Number(record.id),
      remark: p.remark,
      now: p.now,
    });
    await inside?.(trx, { before, after, recordId: Number(record.id) });
    return { balance: after };
  });
}
