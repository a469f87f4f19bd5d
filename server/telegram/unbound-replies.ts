import type { Ctx } from '../platform/context.js';
import { countHit } from '../platform/http/rate-limit.js';

/**
 * A chat bound to no account is answered at most once in this window: anyone on Telegram can write to
 * the bot, and each answer is a message Telegram paces per chat and per bot.
 */
export const UNBOUND_REPLY_MS = 60_000;

/** Whether a chat bound to no account may be answered now; counted in the database, so every process shares it. */
export async function mayAnswerUnbound(ctx: Ctx, chatId: number): Promise<boolean> {
  const { count } = await countHit(ctx, `telegram-unbound:${chatId}`, UNBOUND_REPLY_MS);
  return count <= 1;
}
