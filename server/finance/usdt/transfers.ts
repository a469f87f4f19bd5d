import type { Kysely } from 'kysely';
import type { DB } from '../../schema/tables.js';
import { fail } from '../../platform/http/envelope.js';
import { creditTransfer, isUniqueViolation } from './credit.js';

/**
 * A sup credits an unmatched transfer to a customer: the transfer is marked attached and credited
 * as an automatic recharge with its hash, in one transaction. A second attach, or a hash that was
 * credited some other way meanwhile, is refused and changes nothing.
 */
export async function attachTransfer(
  db: Kysely<DB>,
  p: { id: number; userId: number; operatorId: number; now: number },
  /** Runs last in the same transaction (the audit row of the credit). */
  inside?: (trx: Kysely<DB>, credit: { amount: number; balance: number; txHash: string }) => Promise<void>,
): Promise<{ balance: number; amount: number; username: string }> {
  const user = await db.selectFrom('users').select(['id', 'type', 'username']).where('id', '=', p.userId).executeTakeFirst();
  if (!user) throw fail.notFound('用户不存在');
  if (user.type === 'sup') throw fail.badInput('只能入账到客户账号', { user_id: '只能入账到客户账号' });
  try {
    return await db.transaction().execute(async (trx) => {
      // The write first: on SQLite a transaction that reads before it writes cannot wait for another process.
      const taken = await trx
        .updateTable('usdt_transfers')
        .set({ state: 'attached', user_id: p.userId, operator_id: p.operatorId, attached_at: p.now })
        .where('id', '=', p.id)
        .where('state', '=', 'unmatched')
        .executeTakeFirst();
      const transfer = await trx.selectFrom('usdt_transfers').selectAll().where('id', '=', p.id).executeTakeFirst();
      if (!transfer) throw fail.notFound('转账记录不存在');
      if (Number(taken.numUpdatedRows) !== 1) throw fail.conflict('这笔转账已经入账，不能重复入账');
      const { rechargeId, balance } = await creditTransfer(trx, {
        userId: p.userId,
        cents: Number(transfer.amount),
        txHash: transfer.tx_hash,
        remark: `USDT 转账人工匹配（转账 #${transfer.id}）`,
        operatorId: p.operatorId,
        now: p.now,
      });
      await trx.updateTable('usdt_transfers').set({ recharge_id: rechargeId }).where('id', '=', p.id).execute();
      await inside?.(trx, { amount: Number(transfer.amount), balance, txHash: transfer.tx_hash });
      return { balance, amount: Number(transfer.amount), username: user.username };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw fail.conflict('这笔交易已经入账，不能重复入账');
    throw error;
  }
}
