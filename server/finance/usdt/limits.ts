import type { Kysely } from 'kysely';
import type { Ctx } from '../../platform/context.js';
import type { DB } from '../../schema/tables.js';
import { fail } from '../../platform/http/envelope.js';

/** Open orders one customer may have at once: enough for a retry, not enough to hog amounts. */
export const MAX_OPEN = 3;
const HOUR_MS = 3_600_000;

/**
 * Makes one customer's order creations take turns, so each counts the orders the one before made.
 * On PostgreSQL the customer's row is locked until the transaction ends; on SQLite every write
 * transaction already runs alone (BEGIN IMMEDIATE).
 */
export async function lockCustomer(trx: Kysely<DB>, ctx: Ctx, userId: number): Promise<void> {
  if (ctx.database.dialect !== 'postgres') return;
  await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/**
 * Refuses a new pay order past the hourly limit (every order counts, cancelled ones too: each holds
 * an amount for a while) or past MAX_OPEN waiting ones. Inside the creating transaction, after
 * lockCustomer.
 */
export async function checkOrderLimits(trx: Kysely<DB>, userId: number, perHour: number, now: number): Promise<void> {
  // The newest `perHour` orders by id (the user's index) tell whether that many were made within the hour.
  const recent = await trx
    .selectFrom('usdt_orders')
    .select('create_at')
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(perHour)
    .execute();
  const inHour = recent.map((r) => Number(r.create_at)).filter((t) => t > now - HOUR_MS);
  if (inHour.length >= perHour) {
    const minutes = Math.max(1, Math.ceil((Math.min(...inHour) + HOUR_MS - now) / 60_000));
    throw fail.tooMany(`每小时最多新建 ${perHour} 个充值订单，请 ${minutes} 分钟后再试`);
  }
  const open = await trx
    .selectFrom('usdt_orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('state', '=', 'waiting')
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  if (Number(open.n) >= MAX_OPEN) throw fail.conflict(`您已有 ${MAX_OPEN} 个待支付的充值订单，请先完成或取消后再试`);
}
