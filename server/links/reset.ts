import type { Ctx } from '../platform/context.js';
import { fail } from '../platform/http/envelope.js';
import { LIVE } from './states.js';
import { codeSignal } from './code-wake.js';

/**
 * 重提: re-arms a link so that only messages from now on count, with a fresh receive count, within
 * the product's reset limit (snapshotted on the link at purchase), and writes a reset record. The
 * update is conditional, so two resets at once cannot pass the limit.
 */
export async function resetLink(ctx: Ctx, userId: number, tokenId: number) {
  const now = ctx.now();
  const done = await ctx.db.transaction().execute(async (trx) => {
    const token = await trx
      .updateTable('tokens')
      .set((eb) => ({
        armed_at: now,
        received: 0,
        last_code: null,
        last_text: null,
        last_code_at: null,
        state: 'active',
        resets: eb('resets', '+', 1),
      }))
      .where('id', '=', tokenId)
      .where('user_id', '=', userId)
      .where('state', 'in', LIVE)
      .where('expires_at', '>', now)
      .where((eb) => eb('resets', '<', eb.ref('reset_limit')))
      .returning(['id', 'user_id', 'goods_id', 'identifier', 'resets', 'reset_limit', 'armed_at'])
      .executeTakeFirst();
    if (!token) {
      const found = await trx
        .selectFrom('tokens')
        .select(['state', 'expires_at', 'resets', 'reset_limit'])
        .where('id', '=', tokenId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      if (!found) throw fail.notFound('链接不存在');
      if (found.state === 'refunded' || found.state === 'revoked') throw fail.conflict('该链接已退款或已撤销，不能重提');
      if (found.state === 'finished') throw fail.conflict('该链接已完成，不能重提');
      if (found.state === 'expired' || Number(found.expires_at) <= now) throw fail.conflict('该链接已过期，请先续费');
      if (Number(found.reset_limit) === 0) throw fail.conflict('该商品不支持重提');
      throw fail.conflict(`重提次数已用完（共 ${found.reset_limit} 次）`);
    }
    await trx
      .insertInto('reset_records')
      .values({
        token_id: token.id,
        user_id: token.user_id,
        goods_id: token.goods_id,
        identifier: token.identifier,
        create_at: now,
      })
      .execute();
    return { resets: Number(token.resets), resetsLeft: Number(token.reset_limit) - Number(token.resets), armedAt: now };
  });
  // Pages showing the old code clear it now.
  codeSignal(ctx.database).publish([tokenId]);
  return done;
}
