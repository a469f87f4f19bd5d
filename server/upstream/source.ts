import type { Ctx } from '../platform/context.js';
import { fail } from '../platform/http/envelope.js';
import type { GoodsRow, Settle, Source, Purchase } from '../sales/index.js';
import { assignNumber, failUnit, markPending } from './links.js';
import { loadProvider, noteError } from './providers.js';

/**
 * Inside the purchase's transaction: nothing is bought yet, each unit's link is saved pending
 * ('buying') with the provider it will be bought from. A product without a usable provider is
 * refused before any money moves.
 */
export const upstreamSource: Source = async (trx, goods, quantity) => {
  if (!goods.provider_id) throw fail.badInput('该商品未设置上游渠道，暂不能购买');
  const provider = await trx.selectFrom('providers').select(['id', 'enabled']).where('id', '=', goods.provider_id).executeTakeFirst();
  if (!provider || !Number(provider.enabled)) throw fail.conflict('该商品的上游渠道已停用，暂不能购买，请选择其他商品');
  const unit = { identifier: '', identKey: '', stockItemId: null, upstream: { providerId: Number(provider.id) } };
  return Array.from({ length: quantity }, () => ({ ...unit }));
};

/** What to ask the provider for: the product's upstream service and country, else its own. */
export function askFor(goods: Pick<GoodsRow, 'service' | 'country' | 'upstream_service' | 'upstream_country' | 'upstream_max_price'>) {
  return {
    service: goods.upstream_service || goods.service,
    country: goods.upstream_country ?? goods.country,
    maxPrice: goods.upstream_max_price ? (Number(goods.upstream_max_price) / 100).toFixed(2) : undefined,
  };
}

/**
 * After the commit, outside any transaction: one paid getNumber per unit, one at a time. A number
 * goes on its link (then setStatus 1); a refusal (NO_NUMBERS, NO_BALANCE, BAD_KEY...) refunds that
 * unit and every unit after it without calling again; an unknown outcome (timeout, 5xx, a dropped
 * connection) leaves the link pending for the reconcile job and refunds the units after it. When no
 * unit got or may still get a number, the purchase is refused (409) with the provider's reason, the
 * customer already refunded.
 */
export const settleUpstream: Settle = async (ctx, goods, purchase) => {
  const provider = goods.provider_id ? await loadProvider(ctx, Number(goods.provider_id)) : null;
  const ask = askFor(goods);
  const tokens: Purchase['tokens'] = [];
  let stop: string | null = provider ? null : '上游渠道不存在';
  for (const t of purchase.tokens) {
    if (stop || !provider) {
      await failUnit(ctx, t.id, `上游购买失败，已退款：${stop}`);
      continue;
    }
    const outcome = await provider.client.getNumber(ask);
    if (outcome.kind === 'ok') {
      const assigned = await assignNumber(ctx, t.id, goods, outcome.value, ['buying']);
      if (assigned) {
        tokens.push({ ...t, identifier: outcome.value.phone, expiresAt: assigned.expiresAt });
        const ready = await provider.client.setStatus(outcome.value.activationId, 1);
        await noteError(ctx, provider.id, ready, 'setStatus 1');
      } else if (await holds(ctx, t.id, outcome.value.activationId)) {
        // The answer came so late that the reconcile job had already found this number for the link.
        tokens.push({ ...t, identifier: outcome.value.phone });
      } else {
        // The link ended meanwhile (the sup refunded it): the number goes back.
        await noteError(ctx, provider.id, await provider.client.setStatus(outcome.value.activationId, 8), 'setStatus 8');
        await failUnit(ctx, t.id, '链接已结束，上游号码已退回');
      }
      continue;
    }
    await noteError(ctx, provider.id, outcome, 'getNumber');
    if (outcome.kind === 'refused') {
      stop = outcome.message;
      await failUnit(ctx, t.id, `上游购买失败，已退款：${stop}`);
    } else {
      await markPending(ctx, t.id);
      tokens.push({ ...t, pending: true });
      stop = `上游响应异常（${outcome.message}），其余号码未购买`;
    }
  }
  if (!tokens.length) throw fail.conflict(`购买失败：${stop}。已全额退款，请稍后再试或选择其他商品`);
  const user = await ctx.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', await ownerOf(ctx, purchase.orderId))
    .executeTakeFirstOrThrow();
  return { ...purchase, tokens, balance: Number(user.balance) };
};

async function holds(ctx: Ctx, tokenId: number, activationId: string): Promise<boolean> {
  const row = await ctx.db.selectFrom('tokens').select('upstream_id').where('id', '=', tokenId).executeTakeFirst();
  return row?.upstream_id === activationId;
}

async function ownerOf(ctx: Ctx, orderId: number): Promise<number> {
  const order = await ctx.db.selectFrom('orders').select('user_id').where('id', '=', orderId).executeTakeFirstOrThrow();
  return Number(order.user_id);
}
