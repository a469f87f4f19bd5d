import type { Ctx } from '../platform/context.js';

/**
 * When a link that has had no code may first be cancelled: as the activation services do, a number
 * cannot be looked at and handed back for free at once. The console's 取消 and the protocol's
 * setStatus 8 keep the same window.
 */
export function cancelOpensAt(ctx: Ctx, createAt: number): number {
  return createAt + ctx.settings.handlerCancelAfterMs;
}
