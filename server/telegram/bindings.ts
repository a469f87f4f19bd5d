import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { DB } from '../schema/tables.js';
import type { TelegramChat, TelegramUser } from './bot-api.js';
import { eventsFor } from './events.js';

/** A binding code is good for this long, once. */
export const BIND_CODE_MS = 10 * 60_000;

/** Letters and digits no one misreads; 12 of them are ~60 bits, guessed by no one in 10 minutes. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const CODE_PATTERN = /^[A-Z2-9]{12}$/;

const hash = (code: string) => crypto.createHash('sha256').update(code).digest('hex');

/** A new one-time code for the user; their older codes end. Only its hash is kept. */
export async function newBindCode(ctx: Ctx, userId: number): Promise<string> {
  const bytes = crypto.randomBytes(12);
  const code = Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('telegram_bind_codes')
      .where((eb) => eb.or([eb('user_id', '=', userId), eb('expires_at', '<', now)]))
      .execute();
    await trx
      .insertInto('telegram_bind_codes')
      .values({ code_hash: hash(code), user_id: userId, expires_at: now + BIND_CODE_MS, create_at: now })
      .execute();
  });
  return code;
}

/** How a chat reads in the console: a group's title, a person's @username or name. */
export function chatTitle(chat: TelegramChat): string {
  const name = chat.title ?? (chat.username ? `@${chat.username}` : [chat.first_name, chat.last_name].filter(Boolean).join(' '));
  return (name || String(chat.id)).slice(0, 255);
}

/**
 * `/start <code>` in a chat: the code's account is bound to that chat (a chat serves one account: an
 * account bound there before is unbound; the account's earlier chat too). Answers the username bound,
 * or null for a code that is wrong, used or expired.
 */
export async function bindChat(
  ctx: Ctx,
  code: string,
  chat: TelegramChat,
  from?: TelegramUser,
): Promise<{ username: string; type: string; replaced: number | null } | null> {
  const c = code.trim().toUpperCase();
  if (!CODE_PATTERN.test(c)) return null;
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('telegram_bind_codes')
      .where('code_hash', '=', hash(c))
      .where('expires_at', '>', now)
      .returning('user_id')
      .executeTakeFirst();
    if (!row) return null;
    const user = await trx
      .selectFrom('users')
      .select(['id', 'username', 'type', 'role', 'tg', 'status'])
      .where('id', '=', row.user_id)
      .executeTakeFirst();
    // A disabled account binds nothing (its code was made before it was disabled).
    if (!user || user.status !== 'active') return null;
    const earlier = await trx.selectFrom('telegram_bindings').select('chat_id').where('user_id', '=', user.id).executeTakeFirst();
    await trx
      .deleteFrom('telegram_bindings')
      .where((eb) => eb.or([eb('chat_id', '=', chat.id), eb('user_id', '=', user.id)]))
      .execute();
    // What waits for this chat was another account's; what waits for the account's earlier chat, no longer goes there.
    await dropPending(trx, earlier ? [chat.id, Number(earlier.chat_id)] : [chat.id]);
    await trx
      .insertInto('telegram_bindings')
      .values({
        user_id: user.id,
        chat_id: chat.id,
        chat_title: chatTitle(chat),
        events: eventsFor(user).join(','),
        balance_threshold: 0,
        create_at: now,
      })
      .execute();
    // `tg` is the contact the user typed; left empty, it gets the Telegram account that bound.
    if (!user.tg && from?.username)
      await trx
        .updateTable('users')
        .set({ tg: `@${from.username}`.slice(0, 64), update_at: now })
        .where('id', '=', user.id)
        .execute();
    const replaced = earlier && Number(earlier.chat_id) !== chat.id ? Number(earlier.chat_id) : null;
    return { username: user.username, type: user.type, replaced };
  });
}

/** The active account a chat is bound to, or none (a disabled account's chat is told nothing of it). */
export async function accountOfChat(db: Kysely<DB>, chatId: number) {
  return db
    .selectFrom('telegram_bindings as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['u.id', 'u.username', 'u.type', 'u.balance', 'u.status', 'b.events', 'b.balance_threshold'])
    .where('b.chat_id', '=', chatId)
    .where('u.status', '=', 'active')
    .executeTakeFirst();
}

/** Messages still waiting for these chats are not sent: the chat no longer serves the account they were for. */
async function dropPending(db: Kysely<DB>, chatIds: number[]): Promise<void> {
  await db.deleteFrom('telegram_outbox').where('chat_id', 'in', chatIds).execute();
}

/**
 * Ends a binding, from the chat or from the account, with the messages still waiting for that chat;
 * answers the chat that was bound.
 */
export async function unbind(db: Kysely<DB>, by: { userId: number } | { chatId: number }): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const q = trx.deleteFrom('telegram_bindings');
    const row = await ('userId' in by ? q.where('user_id', '=', by.userId) : q.where('chat_id', '=', by.chatId))
      .returning('chat_id')
      .executeTakeFirst();
    if (!row) return null;
    await dropPending(trx, [Number(row.chat_id)]);
    return Number(row.chat_id);
  });
}
