import { sql, type Kysely } from 'kysely';
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
/** A chat's messages one round sends at most: Telegram allows a chat about one a second, short bursts aside. */
const PER_CHAT = 3;

/** Within a chat's queue, higher goes first: a code someone waits for before the reply to a command. */
export const PRIORITY = { code: 2, notice: 1, reply: 0 } as const;
type Priority = (typeof PRIORITY)[keyof typeof PRIORITY];

/** A message for a chat, sent by the next round of the sender (never by the caller's request). */
export async function enqueue(
  db: Kysely<DB>,
  chatId: number,
  text: string,
  now: number,
  priority: Priority = PRIORITY.reply,
): Promise<void> {
  await db
    .insertInto('telegram_outbox')
    .values({ chat_id: chatId, text: text.slice(0, MAX_TEXT), priority, next_at: now, last_error: null, create_at: now })
    .execute();
}

export async function enqueueMany(
  db: Kysely<DB>,
  rows: { chatId: number; text: string }[],
  now: number,
  priority: Priority = PRIORITY.notice,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('telegram_outbox')
      .values(
        rows
          .slice(i, i + 200)
          .map((r) => ({ chat_id: r.chatId, text: r.text.slice(0, MAX_TEXT), priority, next_at: now, last_error: null, create_at: now })),
      )
      .execute();
  }
}

const backoffMs = (attempts: number) => Math.min(15 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));

/**
 * What is due, taken from each chat's queue in turn: every chat's first message, then every chat's
 * second..., so one chat's backlog never stands before another chat's message. Within a chat, the
 * higher priority first, then the older. A chat with any message not yet due waits whole: Telegram
 * asked it to wait (429), a message of it backs off, or another round is sending one.
 */
async function dueInTurn(db: Kysely<DB>, now: number, limit: number) {
  return db
    .selectFrom((eb) =>
      eb
        .selectFrom('telegram_outbox')
        .select([
          'id',
          'chat_id',
          'text',
          'attempts',
          'priority',
          sql<number>`row_number() over (partition by chat_id order by priority desc, id)`.as('turn'),
          sql<number>`max(next_at) over (partition by chat_id)`.as('latest'),
        ])
        .as('q'),
    )
    .select(['id', 'chat_id', 'text', 'attempts'])
    .where('latest', '<=', now)
    .where('turn', '<=', PER_CHAT)
    .orderBy('turn')
    .orderBy('priority', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Sends what is due, each chat's queue in turn (dueInTurn). Each message is claimed by a conditional
 * update before it is sent, so two rounds (two processes, the poller's and the sender's) never send one
 * twice; sent, it is gone. A 429 holds only its chat for the wait Telegram asked; the other chats go on,
 * unless a second chat is paced in the same round (the bot's own limit: the round ends there).
 * A chat that blocked the bot or no longer exists is not tried again.
 */
export async function sendDue(ctx: Ctx, api: BotApi, limit = 50, budgetMs = Infinity): Promise<number> {
  const now = ctx.now();
  const until = Date.now() + budgetMs; // real time: it bounds how long the caller holds its lease
  const due = await dueInTurn(ctx.db, now, limit);
  const held = new Set<number>();
  let paced = 0;
  let sent = 0;
  for (const m of due) {
    const chatId = Number(m.chat_id);
    if (held.has(chatId)) continue;
    if (Date.now() > until) break;
    const claimed = await ctx.db
      .updateTable('telegram_outbox')
      .set({ next_at: now + CLAIM_MS })
      .where('id', '=', m.id)
      .where('next_at', '<=', now)
      .executeTakeFirst();
    if (!Number(claimed.numUpdatedRows)) continue;
    try {
      await api.sendMessage(chatId, m.text);
      await ctx.db.deleteFrom('telegram_outbox').where('id', '=', m.id).execute();
      sent += 1;
    } catch (err) {
      const e = err as TelegramError;
      // Telegram's pacing of this chat, not the message's fault: the message keeps its tries and waits
      // as asked, and its chat with it (dueInTurn).
      if (e instanceof TelegramError && e.status === 429) {
        held.add(chatId);
        await ctx.db
          .updateTable('telegram_outbox')
          .set({ next_at: ctx.now() + (e.retryAfterS ?? 1) * 1000, last_error: String(e.message).slice(0, 255) })
          .where('id', '=', m.id)
          .execute();
        // A second chat paced in one round is the bot's own limit (about 30 a second), not one chat's:
        // sending on would only lengthen the wait Telegram asks. The next round goes on.
        if (++paced >= 2) break;
        continue;
      }
      const attempts = Number(m.attempts) + 1;
      if ((e instanceof TelegramError && e.permanent && e.status !== 401) || attempts >= MAX_ATTEMPTS) {
        ctx.log.warn({ chat: chatId, status: e.status, attempts }, 'telegram message dropped');
        await ctx.db.deleteFrom('telegram_outbox').where('id', '=', m.id).execute();
        // The bot was blocked (or removed from the group): the binding ends, the console shows it unbound.
        if (e instanceof TelegramError && e.status === 403) await unbind(ctx.db, { chatId });
        continue;
      }
      await ctx.db
        .updateTable('telegram_outbox')
        .set({ attempts, next_at: ctx.now() + backoffMs(attempts), last_error: String(e.message).slice(0, 255) })
        .where('id', '=', m.id)
        .execute();
      held.add(chatId); // its chat waits behind it
      // Telegram unreachable or the token refused: the rest would fail alike.
      if (!(e instanceof TelegramError) || e.status === 0 || e.status === 401 || e.status >= 500) break;
    }
  }
  return sent;
}
