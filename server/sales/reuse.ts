import type { Kysely } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { DB } from '../schema/tables.js';
import { AppError, Code, fail } from '../platform/http/envelope.js';
import { effectiveState, LIVE } from '../links/index.js';
import { isSilent } from '../intake/index.js';
import { recordMove } from '../goods-counts/index.js';
import { buy, type BuyOptions } from './buy.js';
import { aggregatorHolds, rentedNow, type Acquired, type Purchase, type Source } from './acquire.js';

/** Why a number cannot be taken again: the protocol answers SIM_OFFLINE or RENEW_ACTIVATION_NOT_AVAILABLE. */
export type ReuseRefusal = { reason: 'offline' | 'unavailable'; message: string };

type OldLink = {
  id: number;
  user_id: number;
  goods_id: number;
  state: string;
  expires_at: number;
  code_count: number;
  last_code_at: number | null;
  stock_item_id: number | null;
  identifier: string;
};

const readLink = (db: Kysely<DB>, userId: number, id: number) =>
  db
    .selectFrom('tokens')
    .select(['id', 'user_id', 'goods_id', 'state', 'expires_at', 'code_count', 'last_code_at', 'stock_item_id', 'identifier'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('kind', '=', 'code')
    .executeTakeFirst() as Promise<OldLink | undefined>;

/** The states a number may be taken back from: this link is done with it (or sold it to this link). */
const FREE_ITEM = ['available', 'expired'];

const unavailable = (message: string): ReuseRefusal => ({ reason: 'unavailable', message });
/** An aggregator gets every SMS of a number it holds (server/agents), so no link may share it. */
const HELD_BY_AGGREGATOR = '该号码正在被聚合平台使用，暂时不能再次使用';

/**
 * Whether the customer may take this link's number again now, or why not: the link has had a code
 * and no longer waits for one, its product allows it and the window since its last code is open, the
 * number is still this product's stock and nobody else's (no other link, renter or aggregator holds
 * it), and the phone holding it is not silent.
 */
export async function reuseRefusal(ctx: Ctx, link: OldLink): Promise<ReuseRefusal | null> {
  const now = ctx.now();
  const state = effectiveState(link.state, Number(link.expires_at), now);
  if (state === 'refunded' || state === 'revoked') return unavailable('该号码已退款或已撤销，不能再次使用');
  if (state === 'active' || state === 'code_received') return unavailable('号码仍在接码中，可以继续等待或重提');
  if (Number(link.code_count) === 0 || link.last_code_at === null) return unavailable('该号码没有收到过验证码，不能再次使用');
  const goods = await ctx.db.selectFrom('goods').select(['reuse_minutes', 'on_sale']).where('id', '=', link.goods_id).executeTakeFirst();
  if (!goods || !Number(goods.on_sale)) return unavailable('该商品已下架');
  const minutes = Number(goods.reuse_minutes);
  if (minutes <= 0) return unavailable('该商品不支持再次使用号码');
  if (now >= Number(link.last_code_at) + minutes * 60_000)
    return unavailable(`已超过再次使用的时限（最后一次收到验证码后 ${minutes} 分钟内）`);
  if (link.stock_item_id === null) return unavailable('该号码来自上游渠道，不能再次使用');
  const item = await ctx.db
    .selectFrom('stock_items')
    .select(['state', 'token_id', 'goods_id', 'device_id', 'ident_key'])
    .where('id', '=', link.stock_item_id)
    .executeTakeFirst();
  if (!item || Number(item.goods_id) !== link.goods_id) return unavailable('该号码已不在库存中');
  // Through this product's item or another product's with the same number.
  if (await aggregatorHolds(ctx.db, item.ident_key)) return unavailable(HELD_BY_AGGREGATOR);
  const mine = item.state === 'sold' && Number(item.token_id) === link.id;
  if (!mine && !FREE_ITEM.includes(item.state)) return unavailable(item.state === 'sold' ? '该号码已被其他订单使用' : '该号码已停用');
  // Rented out meanwhile (through another product that has it in stock too): every SMS is the renter's.
  if (await rentedNow(ctx.db, item.ident_key, now)) return unavailable('该号码正在被租用');
  if (await holderSilent(ctx, item.device_id, link.identifier, now)) {
    return { reason: 'offline', message: '持有该号码的设备已离线，暂时不能再次使用' };
  }
  return null;
}

/** Whether the phone that receives for this number (bound to it, or holding it in a SIM slot) has gone silent. */
async function holderSilent(ctx: Ctx, deviceId: number | null, identifier: string, now: number): Promise<boolean> {
  let q = ctx.db.selectFrom('devices').select(['enabled', 'last_seen_at', 'create_at']);
  q = deviceId === null ? q.where((eb) => eb.or([eb('sim1', '=', identifier), eb('sim2', '=', identifier)])) : q.where('id', '=', deviceId);
  const holders = await q.execute();
  return holders.length > 0 && holders.every((d) => isSilent(d, now, ctx.settings.deviceSilentMs));
}

/**
 * Whether this customer may take the number of their link `tokenId` again now (the protocol's
 * checkExtraActivation): the link's product and number, or why not; null when it is not their link.
 */
export async function reuseCheck(
  ctx: Ctx,
  userId: number,
  tokenId: number,
): Promise<{ goodsId: number; identifier: string } | ReuseRefusal | null> {
  const link = await readLink(ctx.db, userId, tokenId);
  if (!link) return null;
  return (await reuseRefusal(ctx, link)) ?? { goodsId: Number(link.goods_id), identifier: link.identifier };
}

/**
 * 再次使用此号码: a new purchase of one unit at the customer's price today whose number is this link's.
 * The old link ends (finished) if it still held the number; the number comes back into the product's
 * stock for the moment the purchase takes it, so its counters stay right.
 */
export async function reuseLink(ctx: Ctx, userId: number, tokenId: number, inside?: BuyOptions['inside']): Promise<Purchase> {
  const link = await readLink(ctx.db, userId, tokenId);
  if (!link) throw fail.notFound('号码不存在');
  const refused = await reuseRefusal(ctx, link);
  if (refused) throw new AppError(Code.conflict, refused.message, { reason: refused.reason });
  return buy(ctx, userId, Number(link.goods_id), 1, { source: takeBack(link), inside });
}

/** The purchase's source: exactly this link's number, taken back inside the purchase's transaction. */
function takeBack(link: OldLink): Source {
  return async (trx, goods, _quantity, ctx) => {
    const now = ctx.now();
    const item = await trx
      .selectFrom('stock_items')
      .select(['id', 'identifier', 'ident_key', 'state', 'token_id'])
      .where('id', '=', link.stock_item_id!)
      .executeTakeFirst();
    if (item && (await aggregatorHolds(trx, item.ident_key))) throw fail.conflict(HELD_BY_AGGREGATOR);
    const mine = item?.state === 'sold' && Number(item.token_id) === link.id;
    if (!item || (!mine && !FREE_ITEM.includes(item.state))) throw fail.conflict('该号码已被其他订单使用');
    if (await rentedNow(trx, item.ident_key, now)) throw fail.conflict('该号码正在被租用');
    // Conditional on the state just read: a purchase at the same moment takes it once.
    const freed = await trx
      .updateTable('stock_items')
      .set({ state: 'available', token_id: null, update_at: now })
      .where('id', '=', Number(item.id))
      .where('state', '=', item.state)
      .executeTakeFirst();
    if (!Number(freed.numUpdatedRows)) throw fail.conflict('该号码已被其他订单使用');
    // The sale counts one item off the product's stock: one that was not on sale is counted on first.
    if (item.state !== 'available') await recordMove(trx, { goods: goods.id, sold: 0, stock: 1 });
    if (mine) await trx.updateTable('tokens').set({ state: 'finished' }).where('id', '=', link.id).where('state', 'in', LIVE).execute();
    const taken: Acquired = { identifier: item.identifier, identKey: item.ident_key, stockItemId: Number(item.id) };
    return [taken];
  };
}
