import type { Kysely } from 'kysely';
import type { DB } from '../../schema/tables.js';
import { changeBalance } from '../ledger.js';

/**
 * The credit of one USDT transfer, inside the caller's transaction: an automatic recharge record
 * carrying the transaction hash (unique: a second credit of the same hash fails here, in any
 * process), its ledger row and the balance.
 */
export async function creditTransfer(
  trx: Kysely<DB>,
  c: { userId: number; cents: number; txHash: string; remark: string; operatorId?: number | null; now: number },
): Promise<{ rechargeId: number; balance: number }> {
  const record = await trx
    .insertInto('recharges')
    .values({
      user_id: c.userId,
      type: 'auto',
      amount: c.cents,
      remark: c.remark,
      operator_id: c.operatorId ?? null,
      tx_hash: c.txHash,
      create_at: c.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const rechargeId = Number(record.id);
  const { after } = await changeBalance(trx, {
    userId: c.userId,
    amount: c.cents,
    type: 'recharge_auto',
    refType: 'recharge',
    refId: rechargeId,
    remark: c.remark,
    now: c.now,
  });
  return { rechargeId, balance: after };
}

/** A unique index refused the write: someone (maybe another process) got there first. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed|duplicate key/i.test(e?.message ?? '');
}

/** Whether a transaction hash was already credited, or kept as an unmatched transfer. */
export async function knownHash(db: Kysely<DB>, txHash: string): Promise<boolean> {
  const credited = await db.selectFrom('recharges').select('id').where('tx_hash', '=', txHash).executeTakeFirst();
  if (credited) return true;
  return Boolean(await db.selectFrom('usdt_transfers').select('id').where('tx_hash', '=', txHash).executeTakeFirst());
}
