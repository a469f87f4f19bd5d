import type { Ctx } from '../platform/context.js';
import { AppError } from '../platform/http/envelope.js';
import { type GoodsRow, refundLink } from '../sales/index.js';
import { identKey } from '../catalog/index.js';

const HOUR = 3_600_000;

/** The number a provider sold, on the link that waited for it (only from the states given). */
export async function assignNumber(
  ctx: Ctx,
  tokenId: number,
  goods: Pick<GoodsRow, 'valid_hours' | 'code_wait_minutes'>,
  bought: { activationId: string; phone: string },
  from: string[],
): Promise<{ expiresAt: number } | null> {
  const now = ctx.now();
  const expiresAt = now + goods.valid_hours * HOUR;
  const done = await ctx.db
    .updateTable('tokens')
    .set({
      identifier: bought.phone,
      ident_key: identKey(bought.phone),
      upstream_id: bought.activationId,
      upstream_state: 'waiting',
      upstream_at: now,
      armed_at: now,
      expires_at: expiresAt,
      // The wait for a code starts now that there is a number to send it to.
      refund_at: goods.code_wait_minutes > 0 ? now + goods.code_wait_minutes * 60_000 : null,
    })
    .where('id', '=', tokenId)
    .where('upstream_state', 'in', from)
    .where('state', '=', 'active')
    .executeTakeFirst();
  return Number(done.numUpdatedRows) ? { expiresAt } : null;
}

/** The call's outcome is unknown: the reconcile job finds out (never a second getNumber). */
export async function markPending(ctx: Ctx, tokenId: number): Promise<void> {
  await ctx.db
    .updateTable('tokens')
    .set({ upstream_state: 'pending', upstream_at: ctx.now() })
    .where('id', '=', tokenId)
    .where('upstream_state', '=', 'buying')
    .execute();
}

/**
 * A unit the provider did not sell: the customer gets its share back at once (a refund ledger row;
 * the order becomes refunded when every unit is), and the link ends. Refunded first, then marked,
 * so a crash between leaves a refunded link the reconcile job only tidies.
 */
export async function failUnit(ctx: Ctx, tokenId: number, remark: string): Promise<void> {
  try {
    await refundLink(ctx, tokenId, { remark: remark.slice(0, 255) });
  } catch (error) {
    // Refunded or revoked by the sup meanwhile: nothing more to give back.
    if (!(error instanceof AppError)) throw error;
  }
  const marked = await ctx.db
    .updateTable('tokens')
    .set({ upstream_state: 'failed', upstream_at: ctx.now() })
    .where('id', '=', tokenId)
    .where('upstream_state', 'in', ['buying', 'pending'])
    .returning('goods_id')
    .executeTakeFirst();
  // Not sold after all: the product's sales counter says what customers kept.
  if (marked)
    await ctx.db
      .updateTable('goods')
      .set((eb) => ({ sold: eb('sold', '-', 1) }))
      .where('id', '=', marked.goods_id)
      .execute();
}
