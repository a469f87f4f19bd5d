import type { Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';
import { statement } from '../platform/db/fast-query.js';
import { resolvePrice, type Discount, type Price } from './price.js';

/** What prices a user's purchases: their group's rate and their discounts. */
export interface Pricing {
  groupRate: number | null;
  discounts: Discount[];
}

// Compiled once: a purchase and every store page ask these.
const defaultRate = statement((db) => db.selectFrom('groups').select('rate').where('is_default', '=', 1));
const userRate = statement((db, value) => db.selectFrom('users').leftJoin('groups', 'groups.id', 'users.group_id')
  .select(['users.group_id', 'groups.rate']).where('users.id', '=', value('user')));
const userDiscounts = statement((db, value) => db.selectFrom('discounts')
  .select(['id', 'goods_id', 'rate', 'price', 'start_at', 'end_at']).where('user_id', '=', value('user')));

/** The default group's rate: what a visitor (and every new user) pays. */
export async function defaultPricing(db: Kysely<DB>): Promise<Pricing> {
  const [group] = (await defaultRate(db, {})).rows;
  return { groupRate: group ? Number(group.rate) : null, discounts: [] };
}

/** A user's group rate (the default group's when they have none) and all their discounts. */
export async function userPricing(db: Kysely<DB>, userId: number): Promise<Pricing> {
  const [{ rows: [user] }, discounts] = await Promise.all([userRate(db, { user: userId }), userDiscounts(db, { user: userId })]);
  const groupRate = user?.rate !== null && user?.rate !== undefined ? Number(user.rate) : (await defaultPricing(db)).groupRate;
  return { groupRate, discounts: discounts.rows.map(numbers) };
}

export function priceOf(pricing: Pricing, goods: { id: number; price: number }, now: number): Price {
  return resolvePrice({ basePrice: Number(goods.price), goodsId: Number(goods.id), groupRate: pricing.groupRate, discounts: pricing.discounts, now });
}

// pg hands bigint columns over as numbers already (connection.ts); ids of SQLite rows are numbers too.
function numbers(d: Record<string, unknown>): Discount {
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  return { id: Number(d.id), goods_id: n(d.goods_id), rate: n(d.rate), price: n(d.price), start_at: n(d.start_at), end_at: n(d.end_at) };
}
