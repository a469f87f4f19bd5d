import type { Kysely } from 'kysely';
import type { Ctx } from '../../platform/context.js';
import type { DB, UsdtTransfersTable } from '../../schema/tables.js';
import { creditTransfer, isUniqueViolation, knownHash } from './credit.js';
import type { Order } from './orders.js';
import type { ChainTransfer } from './trongrid.js';
import { SKEW_MS } from './window.js';
import { networkOf } from './chains.js';
/** How long after an order's expiry a transfer of its amount is still shown as probably meant for it. */
const HINT_HORIZON_MS = 24 * 3_600_000;

/** A transfer we act on: a Transfer of the watched token to the watched address. */
export function isIncoming(t: ChainTransfer, address: string, contract: string): boolean {
  return t.type === 'Transfer' && t.to === address && t.contract === contract;
}

/** A transfer's value in cents, rounded down, and whether it was whole cents (no order asks for a fraction). */
function centsOf(t: ChainTransfer): { cents: number; exact: boolean } {
  const decimals = t.decimals ?? 6;
  if (decimals < 2) return { cents: Number(t.value * 10n ** BigInt(2 - decimals)), exact: true };
  const unit = 10n ** BigInt(decimals - 2);
  return { cents: Number(t.value / unit), exact: t.value % unit === 0n };
}

/** Whole cents of a transfer, or null when its value has a fraction of a cent. */
function exactCents(t: ChainTransfer): number | null {
  const { cents, exact } = centsOf(t);
  return exact ? cents : null;
}

/**
 * The order a transfer pays for: same address and amount, not yet holding a transaction, and the
 * block time inside the order's window, from its creation to its expiry (or its cancelling). A
 * payment made before expiry counts even when we see it later. An amount goes to another order only
 * after the grace window past expiry, or just after the cancel (window.ts), so at most one order's
 * window holds a given amount and time.
 */
async function orderFor(db: Kysely<DB>, address: string, t: ChainTransfer): Promise<Order | undefined> {
  const cents = exactCents(t);
  if (cents === null) return undefined;
  return db
    .selectFrom('usdt_orders')
    .selectAll()
    .where('chain', '=', t.chain ?? 'trc20')
    .where('address', '=', address)
    .where('amount', '=', cents)
    .where('tx_hash', 'is', null)
    .where('state', 'in', ['waiting', 'expired', 'cancelled'])
    .where('create_at', '<=', t.blockTime + SKEW_MS)
    .where((eb) => eb(eb.fn.coalesce('cancelled_at', 'expires_at'), '>=', t.blockTime))
    .orderBy('id')
    .executeTakeFirst();
}

/** A transfer seen in a block but not yet confirmed: its order shows "confirming" at once. */
export async function markSeen(ctx: Ctx, address: string, t: ChainTransfer): Promise<void> {
  if (await knownHash(ctx.db, t.txHash)) return;
  const order = await orderFor(ctx.db, address, t);
  if (!order) return;
  try {
    await ctx.db
      .updateTable('usdt_orders')
      .set({ state: 'confirming', tx_hash: t.txHash, from: t.from, block_time: t.blockTime, update_at: ctx.now() })
      .where('id', '=', order.id)
      .where('tx_hash', 'is', null)
      .where('state', 'in', ['waiting', 'expired', 'cancelled'])
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
}

/** A confirmed transfer: credits its order, or keeps it for the sup. Either happens once per hash. */
export async function settle(ctx: Ctx, address: string, t: ChainTransfer): Promise<'paid' | 'unmatched' | 'known'> {
  if (await knownHash(ctx.db, t.txHash)) return 'known';
  const order =
    (await ctx.db.selectFrom('usdt_orders').selectAll().where('tx_hash', '=', t.txHash).executeTakeFirst()) ??
    (await orderFor(ctx.db, address, t));
  if (order) return (await payOrder(ctx, order, t)) ? 'paid' : 'known';
  return (await keepUnmatched(ctx.db, ctx, address, t)) ? 'unmatched' : 'known';
}

/** One transaction: the order paid with its hash, the recharge record, the ledger row, the balance. */
async function payOrder(ctx: Ctx, order: Order, t: ChainTransfer): Promise<boolean> {
  try {
    return await ctx.db.transaction().execute((trx) => payInside(trx, order, t, ctx.now()));
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/** The order paid inside the caller's transaction; false when it was already taken. */
async function payInside(trx: Kysely<DB>, order: Order, t: ChainTransfer, now: number): Promise<boolean> {
  const taken = await trx
    .updateTable('usdt_orders')
    .set({ state: 'paid', tx_hash: t.txHash, from: t.from, block_time: t.blockTime, paid_at: now, update_at: now })
    .where('id', '=', order.id)
    .where('state', '!=', 'paid')
    .where((eb) => eb.or([eb('tx_hash', 'is', null), eb('tx_hash', '=', t.txHash)]))
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return false;
  const { rechargeId } = await creditTransfer(trx, {
    userId: Number(order.user_id),
    cents: Number(order.amount),
    txHash: t.txHash,
    remark: order.chain === 'trc20' ? `USDT 充值（订单 #${order.id}）` : `USDT 充值（${networkOf(order.chain)}，订单 #${order.id}）`,
    now,
  });
  await trx.updateTable('usdt_orders').set({ recharge_id: rechargeId }).where('id', '=', order.id).execute();
  return true;
}

/**
 * A confirmed transfer settled inside the caller's transaction (the EVM watcher's window, whose
 * cursor moves in the same transaction): its order paid, or the transfer kept for the sup, once.
 */
export async function settleInside(trx: Kysely<DB>, ctx: Ctx, t: ChainTransfer): Promise<'paid' | 'unmatched' | 'known'> {
  if (await knownHash(trx, t.txHash)) return 'known';
  const order = await orderFor(trx, t.to, t);
  if (order) return (await payInside(trx, order, t, ctx.now())) ? 'paid' : 'known';
  return (await keepUnmatched(trx, ctx, t.to, t)) ? 'unmatched' : 'known';
}

/** Why no order took a transfer, and the order it was probably meant for, for the sup's list. */
async function whyUnmatched(
  db: Kysely<DB>,
  address: string,
  t: ChainTransfer,
): Promise<{ reason: UsdtTransfersTable['reason']; orderId: number | null }> {
  const cents = exactCents(t);
  if (cents === null) return { reason: 'fraction', orderId: null };
  const near = await db
    .selectFrom('usdt_orders')
    .select(['id', 'state', 'cancelled_at'])
    .where('chain', '=', t.chain ?? 'trc20')
    .where('address', '=', address)
    .where('amount', '=', cents)
    .where('create_at', '<=', t.blockTime + SKEW_MS)
    .where('expires_at', '>=', t.blockTime - HINT_HORIZON_MS)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!near) return { reason: 'no_order', orderId: null };
  const reason = near.state === 'paid' || near.state === 'confirming' ? 'paid_twice' : near.cancelled_at !== null ? 'cancelled' : 'late';
  return { reason, orderId: Number(near.id) };
}

/** Keeps a transfer that matched nothing (worth at least a cent), once. */
async function keepUnmatched(db: Kysely<DB>, ctx: Ctx, address: string, t: ChainTransfer): Promise<boolean> {
  const { cents } = centsOf(t);
  if (cents < 1) return false;
  const { reason, orderId } = await whyUnmatched(db, address, t);
  const inserted = await db
    .insertInto('usdt_transfers')
    .values({
      tx_hash: t.txHash,
      chain: t.chain ?? 'trc20',
      address,
      from: t.from,
      value: t.value.toString(),
      amount: cents,
      block_time: t.blockTime,
      state: 'unmatched',
      reason,
      order_id: orderId,
      user_id: null,
      recharge_id: null,
      operator_id: null,
      attached_at: null,
      create_at: ctx.now(),
    })
    .onConflict((oc) => oc.column('tx_hash').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    ctx.log.warn({ chain: t.chain ?? 'trc20', txHash: t.txHash, amount: cents / 100, reason }, 'USDT transfer matched no pay order');
    return true;
  }
  return false;
}
