import type { Kysely } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { DB } from '../schema/tables.js';
import { TelegramError, type BotApi } from './bot-api.js';
import { unbind } from './bindings.js';

/** Telegram's limit on one message's text. */
const MAX_TEXT = 4096;
/** A claimed message is someone's to send for this long; after it, another round may try it. */
const CLAIM_MS = 60_000;
/** Tries before a message is given up (about an hour and a half of back-off). */
const MAX_ATTEMPTS = 10;

/** A message for a chat, sent by the next round of the sender (never by the caller's request). */
export async function enqueue(db: Kysely<DB>, chatId: number, text: string, now: number): Promise<void> {
  await db.insertInto('telegram_outbox').values({ chat_id: chatId, text: text.slice(0, MAX_TEXT), next_at: now, last_error: null, create_at: now }).execute();
}

export async function enqueueMany(db: Kysely<DB>, rows: { chatId: number; text: string }[], now: number): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db.insertInto('telegram_outbox')
      .values(rows.slice(i, i + 200).map((r) => ({ chat_id: r.chatId, text: r.text.slice(0, MAX_TEXT), next_at: now, last_error: null, create_at: now })))
      .execute();
  }
}

const backoffMs = (attempts: number) => Math.min(15 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));

/**
 * Sends what is due, oldest first. Each message is claimed by a conditional update before it is sent,
 * so two rounds (two processes, the poller's and the sender's) never send one twice; sent, it is gone.
 * A chat that blocked the bot or no longer exists is not tried again.
 */
export async function sendDue(ctx: Ctx, api: BotApi, limit = 50, budgetMs = Infinity): Promise<number> {
  const now = ctx.now();
  const until = Date.now() + budgetMs; // real time: it bounds how long the caller holds its lease
  const due = await ctx.db.selectFrom('telegram_outbox').select(['id', 'chat_id', 'text', 'attempts'])
    .where('next_at', '<=', now).orderBy('id').limit(limit).execute();
  let sent = 0;
  for (const m of due) {
    if (Date.now() > until) break;
    const claimed = await ctx.db.updateTable('telegram_outbox').set({ next_at: now + CLAIM_MS })
      .where('id', '=', m.id).where('next_at', '<=', now).executeTakeFirst();
    if (!Number(claimed.numUpdatedRows)) continue;
    try {
      await api.sendMessage(Number(m.chat_id), m.text);
      await ctx.db.deleteFrom('telegram_outbox').where('id', '=', m.id).execute();
      sent += 1;
    } catch (err) {
      const e = err as TelegramError;
      const attempts = Number(m.attempts) + 1;
      if ((e instanceof TelegramError && e.permanent && e.status !== 401) || attempts >= MAX_ATTEMPTS) {
        ctx.log.warn({ chat: Number(m.chat_id), status: e.status, attempts }, 'telegram message dropped');
        await ctx.db.deleteFrom('telegram_outbox').where('id', '=', m.id).execute();
        // The bot was blocked (or removed from the group): the binding ends, the console shows it unbound.
        if (e instanceof TelegramError && e.status === 403) await unbind(ctx.db, { chatId: Number(m.chat_id) });
        continue;
      }
      const wait = e.retryAfterS ? e.retryAfterS * 1000 : backoffMs(attempts);
      await ctx.db.updateTable('telegram_outbox')
        .set({ attempts, next_at: ctx.now() + wait, last_error: String(e.message).slice(0, 255) }).where('id', '=', m.id).execute();
      // Telegram unreachable or the token refused: the rest would fail alike.
      if (!(e instanceof TelegramError) || e.status === 0 || e.status === 401 || e.status === 429 || e.status >= 500) break;
    }
  }
  return sent;
}
