import type { Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';
import { statement } from '../platform/db/fast-query.js';
import { markedUp, resolvePrice, resoldPrice, type Discount, type Price } from './price.js';

/**
 * A reseller as its customers' prices see it (docs/resellers.md): whose own prices are the cost, the
 * markup over them, the products it priced itself, and how long its profits wait.
 */
export interface ResellerTerms {
  /** The reseller's user id (what `users.reseller_id` holds). */
  userId: number;
  /** Hundredths of a percent: 2000 = 20 %. */
  markup: number;
  settleDays: number;
  /** Its own price per product id, in cents. */
  prices: Map<number, number>;
}

/** What prices a user's purchases: their group's rate and their discounts, or their reseller's. */
export interface Pricing {
  /** For a reseller's customer these two are the reseller's own (its cost). */
  groupRate: number | null;
  discounts: Discount[];
  /** Set for the customer of an enabled reseller (and a visitor of its site): prices are resold. */
  reseller?: ResellerTerms;
}

// Compiled once: a purchase and every store page ask these.
const defaultRate = statement((db) => db.selectFrom('groups').select('rate').where('is_default', '=', 1));
const userRate = statement((db, value) =>
  db
    .selectFrom('users')
    .leftJoin('groups', 'groups.id', 'users.group_id')
    .select(['users.group_id', 'groups.rate', 'users.reseller_id'])
    .where('users.id', '=', value('user')),
);
/** The user's group rate and reseller with each of their discounts: one row per discount (one with none when they have none). */
const userPrices = statement((db, value) =>
  db
    .selectFrom('users')
    .leftJoin('groups', 'groups.id', 'users.group_id')
    .leftJoin('discounts as d', 'd.user_id', 'users.id')
    .select([
      'users.group_id',
      'groups.rate',
      'users.reseller_id',
      'd.id as d_id',
      'd.goods_id as d_goods_id',
      'd.rate as d_rate',
      'd.price as d_price',
      'd.start_at as d_start_at',
      'd.end_at as d_end_at',
    ])
    .where('users.id', '=', value('user'))
    .orderBy('d.id'),
);
const enabledReseller = statement((db, value) =>
  db.selectFrom('resellers').select(['user_id', 'markup', 'settle_days']).where('user_id', '=', value('user')).where('enabled', '=', 1),
);
const resellerPrices = statement((db, value) =>
  db.selectFrom('reseller_prices').select(['goods_id', 'price']).where('user_id', '=', value('user')),
);

/** The default group's rate: what a visitor (and every new user) pays. */
export async function defaultPricing(db: Kysely<DB>): Promise<Pricing> {
  const [group] = (await defaultRate(db, {})).rows;
  return { groupRate: group ? Number(group.rate) : null, discounts: [] };
}

/** A user's own group rate (the default group's when they have none) and discounts, and their reseller if any. */
async function ownPricing(db: Kysely<DB>, userId: number): Promise<Pricing & { resellerId: number | null }> {
  // One statement: a purchase and every store page ask it.
  const { rows } = await userPrices(db, { user: userId });
  const [user] = rows;
  const discounts = rows
    .filter((r) => r.d_id !== null)
    .map((r) => ({ id: r.d_id, goods_id: r.d_goods_id, rate: r.d_rate, price: r.d_price, start_at: r.d_start_at, end_at: r.d_end_at }));
  const groupRate = user?.rate !== null && user?.rate !== undefined ? Number(user.rate) : (await defaultPricing(db)).groupRate;
  const resellerId = user?.reseller_id === null || user?.reseller_id === undefined ? null : Number(user.reseller_id);
  return { groupRate, discounts: discounts.map(numbers), resellerId };
}

/**
 * What a user pays: their group rate and discounts; for the customer of an enabled reseller, the
 * reseller's own prices resold at its terms (a disabled reseller's customers pay as the main site's).
 */
export async function userPricing(db: Kysely<DB>, userId: number): Promise<Pricing> {
  const own = await ownPricing(db, userId);
  if (own.resellerId !== null) {
    const resold = await resellerPricing(db, own.resellerId);
    if (resold) return resold;
  }
  return { groupRate: own.groupRate, discounts: own.discounts };
}

/** The prices of an enabled reseller's customers (and of visitors to its site); null when it is not one. */
export async function resellerPricing(db: Kysely<DB>, resellerId: number): Promise<Pricing | null> {
  const terms = await resellerTerms(db, resellerId, true);
  if (!terms) return null;
  // One level: the reseller's own prices are its group's and discounts, never another reseller's.
  const own = await ownPricing(db, resellerId);
  return { groupRate: own.groupRate, discounts: own.discounts, reseller: terms };
}

/**
 * The terms of the enabled reseller a user buys through, or null (a main-site customer, the customer
 * of a disabled reseller). `prices` is filled only when asked for: renewals and rentals use the markup alone.
 */
export async function resellerOf(db: Kysely<DB>, userId: number): Promise<ResellerTerms | null> {
  const {
    rows: [user],
  } = await userRate(db, { user: userId });
  if (user?.reseller_id === null || user?.reseller_id === undefined) return null;
  return resellerTerms(db, Number(user.reseller_id), false);
}

async function resellerTerms(db: Kysely<DB>, resellerId: number, withPrices: boolean): Promise<ResellerTerms | null> {
  const [
    {
      rows: [r],
    },
    prices,
  ] = await Promise.all([
    enabledReseller(db, { user: resellerId }),
    withPrices ? resellerPrices(db, { user: resellerId }) : Promise.resolve({ rows: [] }),
  ]);
  if (!r) return null;
  return {
    userId: Number(r.user_id),
    markup: Number(r.markup),
    settleDays: Number(r.settle_days),
    prices: new Map(prices.rows.map((p) => [Number(p.goods_id), Number(p.price)])),
  };
}

/** A unit's price for this pricing: resold by the reseller (with its cost) for a reseller's customer. */
export function priceOf(pricing: Pricing, goods: { id: number; price: number }, now: number): Price {
  const own = resolvePrice({
    basePrice: Number(goods.price),
    goodsId: Number(goods.id),
    groupRate: pricing.groupRate,
    discounts: pricing.discounts,
    now,
  });
  const r = pricing.reseller;
  if (!r) return own;
  const cost = own.unitPrice;
  return { unitPrice: resoldPrice(cost, r.markup, r.prices.get(Number(goods.id))), rate: null, basis: 'reseller', cost };
}

/** A price every customer pays alike (a day's renewal, an hour's rental), as a reseller's customer pays it. */
export function resoldFlat(reseller: ResellerTerms | null | undefined, cents: number): number {
  return reseller ? markedUp(cents, reseller.markup) : cents;
}

// pg hands bigint columns over as numbers already (connection.ts); ids of SQLite rows are numbers too.
function numbers(d: Record<string, unknown>): Discount {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return { id: Number(d.id), goods_id: n(d.goods_id), rate: n(d.rate), price: n(d.price), start_at: n(d.start_at), end_at: n(d.end_at) };
}
