import crypto from 'node:crypto';
import type { Ctx } from '../platform/context.js';
import { AppError, Code } from '../platform/http/envelope.js';
import { formatTime } from '../platform/lib/time.js';
import { stockExcept, buy, type Purchase } from '../sales/index.js';
import { accessNumber, Json, USD, W, wrongMaxPrice, type Answer } from './answers.js';
import { mayHaveNumbers, offersFor, type Offer } from './offers.js';
import { countryParam, type Call } from './params.js';

/** Products tried, cheapest first, when the cheaper ones turn out sold out meanwhile. */
const MAX_TRIES = 5;

/**
 * getNumber / getNumberV2: one link of the cheapest on-sale SMS product with this service code and
 * country that has numbers, bought through the store's own purchase (`buy`: price rules, the debit
 * and its ledger row, stock or the upstream source). The activation id is the link's id.
 */
export async function getNumber(c: Call, v2: boolean): Promise<Answer> {
  const except = exceptions(c.p.phoneException);
  if (except === null) return W.WRONG_EXCEPTION_PHONE;
  const orderKey = v2 && c.p.orderId ? orderKeyOf(c.p.orderId) : null;
  // Claimed first: a repeated order id is refused whatever the stock is now.
  if (orderKey && !(await claimOrder(c.ctx, c.userId, orderKey))) return W.ORDER_ALREADY_EXISTS;
  let bought: { purchase: Purchase; offer: Offer } | string;
  try {
    const chosen = await choose(c);
    bought = typeof chosen === 'string' ? chosen : await buyFirst(c, chosen, except);
  } catch (error) {
    if (orderKey) await releaseOrder(c.ctx, c.userId, orderKey);
    throw error;
  }
  if (typeof bought === 'string') {
    if (orderKey) await releaseOrder(c.ctx, c.userId, orderKey);
    return bought;
  }
  const link = bought.purchase.tokens[0];
  if (orderKey) {
    await c.ctx.db
      .updateTable('api_orders')
      .set({ token_id: link.id })
      .where('user_id', '=', c.userId)
      .where('order_key', '=', orderKey)
      .execute();
  }
  const phone = link.identifier.replace(/\D/g, '');
  // An upstream purchase whose outcome is unknown has no number yet (it is being reconciled): the
  // word clients treat as "the service failed".
  if (!phone) return W.ERROR_SQL;
  if (!v2) return accessNumber(link.id, phone);
  return new Json(
    JSON.stringify({
      activationId: link.id,
      phoneNumber: phone,
      activationCost: bought.purchase.unitPrice / 100,
      currency: USD,
      countryCode: String(bought.offer.country),
      canGetAnotherSms: bought.offer.resetLimit > 0 ? '1' : '0',
      activationTime: formatTime(c.ctx.now(), c.ctx.settings.timeZone),
      activationOperator: 'any',
    }),
  );
}

/** The products to try, cheapest first, or the word that refuses the call. */
async function choose({ ctx, userId, p }: Call): Promise<Offer[] | string> {
  const service = (p.service ?? '').trim();
  if (!service) return W.BAD_SERVICE;
  const all = await offersFor(ctx, userId, { service, forPurchase: true });
  if (!all.length) return W.BAD_SERVICE;
  const country = countryParam(p.country, 0);
  const here = all.filter((o) => o.country === country && mayHaveNumbers(o));
  if (!here.length) return W.NO_NUMBERS;
  if (p.maxPrice === undefined || p.maxPrice.trim() === '') return here;
  const max = centsOf(p.maxPrice);
  if (max === null || max < here[0].price) return wrongMaxPrice(here[0].price);
  return here.filter((o) => o.price <= max);
}

/** Beyond this many dollars a limit is no limit (every price is below it); cents stay exact integers. */
const NO_LIMIT_DOLLARS = 1e12;

/**
 * A price limit in dollars, any number of digits and decimals, or in exponent form (`1e+20`, as
 * scripts print large floats); a limit between two cents counts down to the lower. Null: not a
 * non-negative number.
 */
function centsOf(text: string): number | null {
  const t = text.trim();
  const plain = /^(\d+)(?:\.(\d*))?$/.exec(t);
  if (plain) {
    const whole = plain[1].replace(/^0+(?=\d)/, '');
    if (whole.length > String(NO_LIMIT_DOLLARS).length) return NO_LIMIT_DOLLARS * 100;
    return Math.min(NO_LIMIT_DOLLARS, Number(whole)) * 100 + Number((plain[2] ?? '').padEnd(2, '0').slice(0, 2));
  }
  if (!/^\d+(\.\d*)?e[+-]?\d+$/i.test(t)) return null;
  const dollars = Number(t);
  if (!Number.isFinite(dollars) || dollars >= NO_LIMIT_DOLLARS) return NO_LIMIT_DOLLARS * 100;
  // Within the limit, the plain decimal form (to the micro-dollar) is cut like any other.
  return centsOf(dollars.toFixed(6));
}

/** The first product that sells: a sold-out or withdrawn one gives way to the next; a short balance ends it. */
async function buyFirst({ ctx, userId }: Call, offers: Offer[], except: string[]): Promise<{ purchase: Purchase; offer: Offer } | string> {
  for (const offer of offers.slice(0, MAX_TRIES)) {
    // Unwanted prefixes are passed over in our stock; an upstream provider chooses its number itself.
    const opts = { read: offer.read, ...(except.length && offer.available !== null && { source: stockExcept(except) }) };
    try {
      return { purchase: await buy(ctx, userId, offer.goodsId, 1, opts), offer };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The rest cost as much or more.
      if (error.code === Code.balanceLow) return W.NO_BALANCE;
    }
  }
  return W.NO_NUMBERS;
}

/**
 * phoneException: comma-separated prefixes of numbers the customer never wants, each a country code
 * and 3-6 digits (4-9 digits, a leading + allowed); [] when absent; null when malformed.
 */
function exceptions(raw: string | undefined): string[] | null {
  if (raw === undefined) return [];
  const parts = raw
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (!parts.every((x) => /^\+?\d{4,9}$/.test(x))) return null;
  return [...new Set(parts.map((x) => x.replace('+', '')))];
}

const orderKeyOf = (orderId: string) => (orderId.length <= 64 ? orderId : crypto.createHash('sha256').update(orderId).digest('hex'));

/**
 * Claims a client's order id for this customer; false when it was claimed already. A claim is never
 * taken over, however old: the purchase that made it may still be running (each upstream try may
 * take its full timeout), and a purchase that fails releases its claim itself; a claim left by a
 * stopped process keeps answering ORDER_ALREADY_EXISTS, the answer that never buys twice.
 */
async function claimOrder(ctx: Ctx, userId: number, orderKey: string): Promise<boolean> {
  const now = ctx.now();
  const inserted = await ctx.db
    .insertInto('api_orders')
    .values({ user_id: userId, order_key: orderKey, token_id: null, create_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'order_key']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** A purchase that did not happen leaves its order id free for the client's retry. */
async function releaseOrder(ctx: Ctx, userId: number, orderKey: string): Promise<void> {
  await ctx.db
    .deleteFrom('api_orders')
    .where('user_id', '=', userId)
    .where('order_key', '=', orderKey)
    .where('token_id', 'is', null)
    .execute();
}
