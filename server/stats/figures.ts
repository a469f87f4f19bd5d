import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { rolledTotal } from './rollup.js';

/**
 * Sums and counts over a window [from, now], optionally for one user. All money in cents. The
 * platform's all-time figures (no window, no user) come from rollups when `now` is given.
 */
export interface Window { from?: number; userId?: number; now?: number }

const allTime = (w: Window): w is Window & { now: number } => w.from === undefined && w.userId === undefined && w.now !== undefined;

export async function rechargeSums(db: Kysely<DB>, w: Window): Promise<{ total: number; auto: number }> {
  if (allTime(w)) {
    const [total, auto] = await Promise.all([rolledTotal(db, 'recharges', w.now), rolledTotal(db, 'recharges_auto', w.now)]);
    return { total, auto };
  }
  let q = db.selectFrom('recharges').select((eb) => [
    eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'),
    eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('type', '=', 'auto').then(eb.ref('amount')).else(0).end()), eb.lit(0)).as('auto'),
  ]);
  if (w.from !== undefined) q = q.where('create_at', '>=', w.from);
  if (w.userId !== undefined) q = q.where('user_id', '=', w.userId);
  const row = await q.executeTakeFirstOrThrow();
  return { total: Number(row.total), auto: Number(row.auto) };
}

/**
 * Order spending net of refunds, read from the ledger: every purchase debits it (type 'order') and
 * every refund credits it back, so this stays right whatever the order tables hold.
 */
export async function orderSum(db: Kysely<DB>, w: Window): Promise<number> {
  if (allTime(w)) return -(await rolledTotal(db, 'ledger_orders', w.now));
  let q = db.selectFrom('ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('net'))
    .where('type', 'in', ['order', 'refund']);
  if (w.from !== undefined) q = q.where('create_at', '>=', w.from);
  if (w.userId !== undefined) q = q.where('user_id', '=', w.userId);
  const row = await q.executeTakeFirstOrThrow();
  return -Number(row.net);
}

/** API links bought (one per unit), whatever became of them since. */
export async function tokenCount(db: Kysely<DB>, w: Window): Promise<number> {
  if (allTime(w)) return rolledTotal(db, 'tokens', w.now);
  let q = db.selectFrom('tokens').select((eb) => eb.fn.countAll<number>().as('n'));
  if (w.from !== undefined) q = q.where('create_at', '>=', w.from);
  if (w.userId !== undefined) q = q.where('user_id', '=', w.userId);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function userCount(db: Kysely<DB>, from?: number): Promise<number> {
  let q = db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n'));
  if (from !== undefined) q = q.where('create_at', '>=', from);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

export async function balanceSum(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('users')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('balance'), eb.lit(0)).as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
