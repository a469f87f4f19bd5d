import type { Ctx } from '../platform/context.js';
import { LIVE } from './states.js';
import { codeSignal } from './code-wake.js';

/**
 * The customer ends a link that has received a code (SMS-Activate setStatus 6, or a cancel after a
 * code), or a running rental (`kind` rent: with or without SMS): it becomes `finished`, takes no more
 * codes and is not refunded; its number is released like an expired link's (the sup can put it back
 * on sale). Conditional, so a refund, an expiry or a second call at the same time leaves it as that
 * one made it; false when nothing changed. A rental is never ended as a code link, nor the reverse.
 */
export async function finishLink(ctx: Ctx, userId: number, tokenId: number, kind: 'code' | 'rent' = 'code'): Promise<boolean> {
  const now = ctx.now();
  const finished = await ctx.db.transaction().execute(async (trx) => {
    let q = trx
      .updateTable('tokens')
      .set({ state: 'finished' })
      .where('id', '=', tokenId)
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('state', 'in', LIVE)
      .where('expires_at', '>', now);
    if (kind === 'code') q = q.where('code_count', '>', 0);
    const done = await q.executeTakeFirst();
    if (!Number(done.numUpdatedRows)) return false;
    await trx
      .updateTable('stock_items')
      .set({ state: 'expired', update_at: now })
      .where('token_id', '=', tokenId)
      .where('state', '=', 'sold')
      .execute();
    return true;
  });
  if (finished) codeSignal(ctx.database).publish([tokenId]);
  return finished;
}
