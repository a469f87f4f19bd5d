import type { Ctx } from '../platform/context.js';
import { dollars, type Answer } from './answers.js';
import type { UserCall } from './call.js';
import { countryName, productNamer } from './names.js';
import { statusOf } from './order.js';

/** How many distinct recent purchases `last_top_orders` lists (PyFiveSim reads them as "the last 5 orders"). */
const TOP = 5;
/** Purchases read, newest first, to find them (a customer buying one product over and over has one). */
const SCAN = 100;

/** One purchase as 5sim's profile writes it: `country:product:operator:product id:price` ("england:google:virtual53:42:0.20"). */
interface Purchase {
  country: string;
  product: string;
  goodsId: number;
  cents: number;
}

const purchaseText = (p: Purchase) => `${p.country}:${p.product}:any:${p.goodsId}:${dollars(p.cents).toFixed(2)}`;

/**
 * In place of a purchase before the first: PyFiveSim splits `last_order` and each of
 * `last_top_orders` into five parts unconditionally, so an empty string would stop a new customer's
 * script at its first call. `did_order` false says there is none.
 */
const NO_PURCHASE = ':::0:0.00';

/** This customer's SMS activations (what /v1 shows as orders), newest first, as purchases. */
async function recentPurchases(ctx: Ctx, userId: number): Promise<Purchase[]> {
  const rows = await ctx.db
    .selectFrom('tokens as t')
    .innerJoin('goods as g', 'g.id', 't.goods_id')
    .innerJoin('orders as o', 'o.id', 't.order_id')
    .select(['t.goods_id', 'g.service', 'g.country', 'o.unit_price'])
    .where('t.user_id', '=', userId)
    .where('t.kind', '=', 'code')
    .where('g.channel', '=', 'sms')
    .orderBy('t.id', 'desc')
    .limit(SCAN)
    .execute();
  const named = await productNamer(ctx);
  return rows.map((r) => ({
    country: countryName(Number(r.country)),
    product: named(r.service),
    goodsId: Number(r.goods_id),
    cents: Number(r.unit_price),
  }));
}

/** The newest purchase of each country and product, newest first, at most TOP. */
function topPurchases(purchases: Purchase[]): Purchase[] {
  const seen = new Set<string>();
  return purchases.filter((p) => {
    const key = `${p.country}:${p.product}`;
    if (seen.has(key) || seen.size >= TOP) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Orders that read PENDING or RECEIVED now. Only links whose time has not run out can be; the
 * status itself decides as check does (a cancelled or banned one still has time left).
 */
async function activeOrders(ctx: Ctx, userId: number): Promise<number> {
  const now = ctx.now();
  const rows = await ctx.db
    .selectFrom('tokens as t')
    .innerJoin('goods as g', 'g.id', 't.goods_id')
    .innerJoin('orders as o', 'o.id', 't.order_id')
    .leftJoin('fivesim_bans as b', 'b.token_id', 't.id')
    .select(['t.state', 't.expires_at', 't.code_count', 't.identifier', 'b.token_id as banned'])
    .where('t.user_id', '=', userId)
    .where('t.kind', '=', 'code')
    .where('g.channel', '=', 'sms')
    .where('t.expires_at', '>', now)
    .execute();
  return rows.filter((r) => ['PENDING', 'RECEIVED'].includes(statusOf(r, now))).length;
}

/**
 * user/profile, with the fields 5sim sends beyond its documentation, which PyFiveSim's model requires
 * and typed Go and TypeScript clients declare as strings: `last_order` one purchase in 5sim's
 * colon form, `last_top_orders` the recent distinct ones in braces, `last_top_idx` the position of
 * the last in them (0: newest first). We keep no rating (5sim's tops out at 96), no frozen money
 * (a purchase is paid when made) and no default country or operator: SMS-Activate's default
 * country (0) and `any`.
 */
export async function profile({ ctx, userId }: UserCall): Promise<Answer> {
  const [user, purchases, active] = await Promise.all([
    ctx.db.selectFrom('users').select(['id', 'username', 'email', 'balance']).where('id', '=', userId).executeTakeFirstOrThrow(),
    recentPurchases(ctx, userId),
    activeOrders(ctx, userId),
  ]);
  return {
    id: Number(user.id),
    email: user.email || user.username,
    vendor: '',
    default_forwarding_number: '',
    balance: dollars(Number(user.balance)),
    rating: 96,
    default_country: { name: 'russia', iso: 'ru', prefix: '+7' },
    default_operator: { name: 'any' },
    frozen_balance: 0,
    did_order: purchases.length > 0,
    last_order: purchases.length ? purchaseText(purchases[0]) : NO_PURCHASE,
    last_top_orders: `{${purchases.length ? topPurchases(purchases).map(purchaseText).join(',') : NO_PURCHASE}}`,
    last_top_idx: 0,
    total_active_orders: active,
  };
}
