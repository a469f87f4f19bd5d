import { AppError, Code } from '../platform/http/envelope.js';
import { mayHaveNumbers, offersFor, type Offer } from '../sms-activate/index.js';
import { buy, reuseLink } from '../sales/index.js';
import { E, refuse, type Answer } from './answers.js';
import { countryNumbers, servicesOf } from './names.js';
import { orderNow } from './order.js';
import type { UserCall } from './call.js';

/** Products tried, cheapest first, when the cheaper ones turn out sold out meanwhile. */
const MAX_TRIES = 5;
/** An operator name as 5sim spells them (`any`, `virtual21`, `beeline` …). */
const OPERATOR = /^[a-z0-9_]{1,32}$/;

/** The countries a country word asks for: null for `any`, [] when it names none. */
export function countriesAsked(word: string): number[] | null {
  const name = word.toLowerCase();
  return name === 'any' ? null : countryNumbers(name);
}

export const operatorOk = (word: string) => OPERATOR.test(word.toLowerCase());

/**
 * The on-sale SMS products of a product word (and countries, null: any), cheapest first; null when the
 * word names no product we sell. `forPurchase`: as offersFor's, each offer keeps what it was made from.
 */
export async function offersOf(c: UserCall, product: string, countries: number[] | null, forPurchase = false): Promise<Offer[] | null> {
  const services = await servicesOf(c.ctx, product);
  const all = (
    await Promise.all(services.map((service) => offersFor(c.ctx, c.userId, { service, forPurchase, pricing: c.pricing })))
  ).flat();
  if (!all.length) return null;
  return all
    .filter((o) => countries === null || countries.includes(o.country))
    .sort((a, b) => a.price - b.price || a.sort - b.sort || a.goodsId - b.goodsId);
}

/**
 * `maxPrice` in dollars: cents, counted down to the cent; undefined when not given; null when it is
 * no number (then nothing is cheap enough: a limit is never read as no limit).
 */
function limitCents(raw: string | undefined): number | null | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const m = /^(\d{1,12})(?:\.(\d*))?$/.exec(raw.trim());
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0').slice(0, 2)) : null;
}

/**
 * buy/activation/{country}/{operator}/{product}: one link of the cheapest on-sale SMS product with
 * this product word in this country (`any`: every country) that has numbers and costs at most
 * `maxPrice`, bought through the store's purchase (price rules, the debit and its ledger row, stock
 * or the upstream source). Our numbers carry no operator: any operator name buys as `any`.
 */
export async function buyActivation(
  c: UserCall,
  country: string,
  operator: string,
  product: string,
  maxPrice: string | undefined,
): Promise<Answer> {
  const countries = countriesAsked(country);
  if (countries !== null && !countries.length) return refuse(E.BAD_COUNTRY);
  if (!operatorOk(operator)) return refuse(E.BAD_OPERATOR);
  const offers = await offersOf(c, product, countries, true);
  if (offers === null) return refuse(E.NO_PRODUCT);
  const limit = limitCents(maxPrice);
  const here = offers.filter((o) => mayHaveNumbers(o) && (limit === undefined || (limit !== null && o.price <= limit)));
  for (const offer of here.slice(0, MAX_TRIES)) {
    try {
      const purchase = await buy(c.ctx, c.userId, offer.goodsId, 1, { read: offer.read });
      return orderNow(c.ctx, c.userId, purchase.tokens[0].id);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The rest cost as much or more.
      if (error.code === Code.balanceLow) return refuse(E.NO_BALANCE);
    }
  }
  return refuse(E.NO_FREE_PHONES);
}

/**
 * reuse/{product}/{number}: the number of this customer's latest activation of that product again,
 * as 再次使用此号码 (server/sales/reuse.ts: the price today, the debit and its ledger row), while
 * the product's window is open and the number is nobody else's.
 */
export async function reuseNumber(c: UserCall, product: string, number: string): Promise<Answer> {
  const digits = number.replace(/\D/g, '');
  const services = await servicesOf(c.ctx, product);
  if (!digits || !services.length) return refuse(E.REUSE_NOT_POSSIBLE);
  const last = await c.ctx.db
    .selectFrom('tokens as t')
    .innerJoin('goods as g', 'g.id', 't.goods_id')
    .select('t.id')
    .where('t.user_id', '=', c.userId)
    .where('t.kind', '=', 'code')
    .where('t.ident_key', '=', digits)
    .where('g.service', 'in', services)
    .where('g.channel', '=', 'sms')
    .orderBy('t.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return refuse(E.REUSE_NOT_POSSIBLE);
  try {
    const purchase = await reuseLink(c.ctx, c.userId, Number(last.id));
    return orderNow(c.ctx, c.userId, purchase.tokens[0].id);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return refuse(error.code === Code.balanceLow ? E.NO_BALANCE : E.REUSE_NOT_POSSIBLE);
  }
}
