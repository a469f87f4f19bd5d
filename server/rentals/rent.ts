import type { Kysely } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { DB } from '../schema/tables.js';
import { AppError, Code, fail } from '../platform/http/envelope.js';
import { changeBalance } from '../finance/index.js';
import { LIVE, finishLink } from '../links/index.js';
import { buy, type GoodsRow, type MoneyAudit, orderNo, placeholderNo, type Purchase, refundLink, stockForRent } from '../sales/index.js';
import { rentalOf, type Rental } from './read.js';
import { resellerOf, resoldFlat } from '../pricing/index.js';
import { recordProfit } from '../resellers/index.js';
import {
  checkedRentUrl,
  EXTEND_MAX_HOURS,
  EXTEND_MIN_HOURS,
  extensionAllowed,
  HOUR as RENT_HOUR,
  RENT_CANCEL_MS,
  rentAmount,
  rentRefusal,
  rentTermsOf,
  type RentTerms,
} from './terms.js';

/**
 * Why a rental call is refused, beside its Chinese message (`data.reason`): the protocol answers
 * each with its own word.
 */
export type RentRefusal = 'ended' | 'finished' | 'cancelled' | 'cant_cancel' | 'hours';

const refusal = (reason: RentRefusal, message: string) => new AppError(Code.conflict, message, { reason });

export const rentRefusalOf = (error: unknown): RentRefusal | null =>
  error instanceof AppError ? ((error.data as { reason?: RentRefusal } | null)?.reason ?? null) : null;

/** A rental: one number of a rentable product for `hours`, bought like any purchase (order, debit, ledger row, stock). */
export async function rentNumber(ctx: Ctx, userId: number, goodsId: number, hours: number, url?: string | null): Promise<Purchase> {
  const rent = { hours, url: await checkedRentUrl(ctx, url), amountOf: (goods: GoodsRow) => rentalAmount(goods, hours) };
  return buy(ctx, userId, goodsId, 1, { rent, source: stockForRent });
}

/** What renting the product for `hours` costs (its hourly price, no group rate or discount, like 续费), or its refusal. */
function rentalAmount(goods: GoodsRow, hours: number): number {
  const terms = rentTermsOf(goods);
  const refused = rentRefusal(terms, hours);
  if (refused) throw refused;
  return rentAmount(terms, hours);
}

/** Why a rental has ended, as it stands at `now`, or null while it runs. */
function ended(r: Rental, now: number): AppError | null {
  if (r.state === 'refunded' || r.state === 'revoked') return refusal('cancelled', '该租用已取消');
  if (r.state === 'finished') return refusal('finished', '该租用已结束');
  if (!(LIVE as readonly string[]).includes(r.state) || r.expires_at <= now) return refusal('finished', '该租用已到期');
  return null;
}

async function ownRental(ctx: Ctx, userId: number, id: number, db: Kysely<DB> = ctx.db): Promise<Rental> {
  const r = await rentalOf(ctx, userId, id, db);
  if (!r) throw fail.notFound('租用号码不存在');
  return r;
}

async function termsOf(db: Kysely<DB>, goodsId: number): Promise<RentTerms & { title: string }> {
  const g = await db
    .selectFrom('goods')
    .select(['title', 'rentable', 'rent_price_hour', 'rent_min_hours', 'rent_max_hours'])
    .where('id', '=', goodsId)
    .executeTakeFirstOrThrow();
  return { ...rentTermsOf(g), title: g.title };
}

/** What extending a rental by `hours` costs and until when it then runs, or why it cannot be extended. */
export async function rentExtensionQuote(ctx: Ctx, userId: number, id: number, hours: number, db: Kysely<DB> = ctx.db) {
  const rental = await ownRental(ctx, userId, id, db);
  const terms = await termsOf(db, rental.goods_id);
  if (!extensionAllowed(terms, hours)) {
    const m = `续租时长应在 ${EXTEND_MIN_HOURS} 到 ${Math.min(EXTEND_MAX_HOURS, terms.maxHours)} 小时之间`;
    throw new AppError(Code.badInput, m, { reason: 'hours', errors: { hours: m } });
  }
  const done = ended(rental, ctx.now());
  if (done) throw refusal('ended', `${done.message}，不能续租`);
  if (!terms.rentable) throw refusal('ended', '该商品已不支持租用，不能续租');
  // An hour's price is the same for every customer; a reseller's customer pays it resold (`terms` are the customer's).
  const reseller = await resellerOf(db, userId);
  const resold = { ...terms, priceHour: resoldFlat(reseller, terms.priceHour) };
  const cost = rentAmount(terms, hours);
  return {
    rental,
    terms: resold,
    hours,
    amount: rentAmount(resold, hours),
    cost,
    reseller,
    expiresAfter: rental.expires_at + hours * RENT_HOUR,
  };
}

/**
 * 续租: `hours` more on a running rental at the product's hourly price. One transaction: an order
 * of type augment for the rental (its quantity the hours), the conditional update of the rental's
 * end (an end, a cancel or another extension in between makes it a 409), the debit and its ledger row.
 */
export async function extendRental(ctx: Ctx, userId: number, id: number, hours: number, inside?: MoneyAudit) {
  // Two extensions at once: the one that lost the race is quoted again on the new end and paid once more.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await extendOnce(ctx, userId, id, hours, inside);
    } catch (error) {
      if (error !== MOVED || attempt >= 3) throw error === MOVED ? fail.conflict('租用状态已变化，请刷新后重试') : error;
    }
  }
}

/** The rental's end moved between the quote and the payment (nothing was written). */
const MOVED = new Error('rental moved');

async function extendOnce(ctx: Ctx, userId: number, id: number, hours: number, inside?: MoneyAudit) {
  return ctx.db.transaction().execute(async (trx) => {
    // Extensions of one rental take turns on PostgreSQL (SQLite's one writer already makes them):
    // each is quoted on the end the one before it paid for, instead of all but one losing the race.
    if (ctx.database.dialect === 'postgres') await trx.selectFrom('tokens').select('id').where('id', '=', id).forUpdate().execute();
    const q = await rentExtensionQuote(ctx, userId, id, hours, trx);
    const now = ctx.now();
    const inserted = await trx
      .insertInto('orders')
      .values({
        order_no: placeholderNo(),
        user_id: userId,
        goods_id: q.rental.goods_id,
        token_id: id,
        type: 'augment',
        quantity: hours,
        base_price: q.terms.priceHour,
        unit_price: q.terms.priceHour,
        rate: 100,
        amount: q.amount,
        refunded: 0,
        state: 'paid',
        create_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const orderId = Number(inserted.id);
    const no = orderNo(now, orderId, ctx.settings.timeZone);
    await trx.updateTable('orders').set({ order_no: no }).where('id', '=', orderId).execute();
    const updated = await trx
      .updateTable('tokens')
      .set({ expires_at: q.expiresAfter })
      .where('id', '=', id)
      .where('kind', '=', 'rent')
      .where('state', 'in', LIVE)
      .where('expires_at', '=', q.rental.expires_at)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) throw MOVED;
    const { before, after } = await changeBalance(trx, {
      userId,
      amount: -q.amount,
      type: 'order',
      refType: 'order',
      refId: orderId,
      now,
      remark: `续租 ${q.rental.identifier} ${hours} 小时`,
    });
    if (q.reseller) await recordProfit(trx, { reseller: q.reseller, buyerId: userId, orderId, profit: q.amount - q.cost, now });
    await inside?.(trx, { userId, amount: -q.amount, before, after, orderId });
    return { orderId, orderNo: no, amount: q.amount, expiresAt: q.expiresAfter, balance: after, rental: q.rental };
  });
}

/**
 * 结束: the customer ends a running rental; it takes no more SMS, is not refunded, and its number is
 * released like an expired link's. Conditional, so a cancel or an expiry at the same moment wins once.
 */
export async function finishRental(ctx: Ctx, userId: number, id: number): Promise<void> {
  const rental = await ownRental(ctx, userId, id);
  const now = ctx.now();
  const done = ended(rental, now);
  if (done) throw done;
  if (!(await finishLink(ctx, userId, id, 'rent'))) {
    throw ended(await ownRental(ctx, userId, id), ctx.now()) ?? fail.conflict('租用状态已变化，请刷新后重试');
  }
}

/**
 * Cancel with a full refund (the rental and its extensions): only while no SMS has come and within
 * RENT_CANCEL_MS of its start. The refund's own condition (no code, still live) is checked again
 * in its transaction, so an SMS arriving meanwhile makes it a refusal.
 */
export async function cancelRental(ctx: Ctx, userId: number, id: number) {
  const rental = await ownRental(ctx, userId, id);
  const now = ctx.now();
  const done = ended(rental, now);
  if (done) throw done;
  if (rental.received > 0) throw refusal('cant_cancel', '已收到短信，不能取消');
  if (now >= rental.create_at + RENT_CANCEL_MS) throw refusal('cant_cancel', `租用开始已超过 ${RENT_CANCEL_MS / 60_000} 分钟，不能取消`);
  const refund = await refundLink(ctx, id, {
    remark: '取消租用（未收到短信），退款',
    noCode: true,
    rentStartedAfter: now - RENT_CANCEL_MS,
  });
  if (refund) return refund;
  // Another call ended it meanwhile (a cancel at the same moment, an end): say which, as a call after it would.
  const after = await ownRental(ctx, userId, id);
  throw ended(after, ctx.now()) ?? refusal('cant_cancel', '已收到短信，不能取消');
}
