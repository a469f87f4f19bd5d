import type { Ctx } from '../platform/context.js';
import { formatTime } from '../platform/lib/time.js';
import type { TelegramUpdate } from './bot-api.js';
import { accountOfChat, bindChat, unbind } from './bindings.js';
import { enqueue } from './outbox.js';
import * as t from './texts.js';
import { mayAnswerUnbound } from './unbound-replies.js';

/** `/cmd@bot args` → ['cmd', 'args']; a command meant for another bot in a group is not ours. */
function parse(text: string, botName: string | null): [string, string] | null {
  const m = /^\/([A-Za-z_]+)(?:@([A-Za-z0-9_]+))?(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!m) return null;
  if (m[2] && botName && m[2].toLowerCase() !== botName.toLowerCase()) return null;
  return [m[1].toLowerCase(), (m[3] ?? '').trim()];
}

/**
 * One message to the bot. A chat learns only of the account bound to it: an unbound chat gets the
 * same hint whatever it asks, at most once a minute (what else it sends is read and ignored; a binding
 * code is still tried, so the real one works at once after a typo). Replies go through the outbox
 * (sent right after the poll).
 */
export async function handleUpdate(ctx: Ctx, update: TelegramUpdate, botName: string | null): Promise<void> {
  const msg = update.message;
  if (!msg?.text) return;
  const chatId = msg.chat.id;
  const now = ctx.now();
  const reply = (text: string) => enqueue(ctx.db, chatId, text, now);
  const replyUnbound = async (text: string) => {
    if (await mayAnswerUnbound(ctx, chatId)) await reply(text);
  };
  const command = parse(msg.text, botName);
  if (!command) {
    // Free text: answered in a private chat only (groups talk among themselves).
    if (msg.chat.type !== 'private') return;
    return (await accountOfChat(ctx.db, chatId)) ? reply(t.HELP) : replyUnbound(t.NOT_BOUND);
  }
  const [name, arg] = command;

  if (name === 'start' && arg) {
    const bound = await bindChat(ctx, arg, msg.chat, msg.from);
    if (!bound) return (await accountOfChat(ctx.db, chatId)) ? reply(t.BAD_CODE) : replyUnbound(t.BAD_CODE);
    if (bound.replaced !== null) await enqueue(ctx.db, bound.replaced, t.REPLACED, now);
    return reply(t.boundText(bound.username));
  }
  if (name === 'stop' || name === 'unbind') {
    return (await unbind(ctx.db, { chatId })) !== null ? reply(t.UNBOUND) : replyUnbound(t.NOT_BOUND);
  }

  const account = await accountOfChat(ctx.db, chatId);
  if (!account) return replyUnbound(t.NOT_BOUND);
  switch (name) {
    case 'balance':
      return reply(t.balanceText(account.username, Number(account.balance)));
    case 'codes': {
      const rows = await ctx.db
        .selectFrom('code_records as r')
        .leftJoin('goods as g', 'g.id', 'r.goods_id')
        .select(['r.identifier', 'r.code', 'r.create_at', 'g.title'])
        .where('r.user_id', '=', account.id)
        .orderBy('r.id', 'desc')
        .limit(5)
        .execute();
      return reply(
        t.codesText(
          rows.map((r) => ({
            identifier: r.identifier,
            code: r.code,
            product: r.title ?? '',
            at: formatTime(Number(r.create_at), ctx.settings.timeZone) ?? '',
          })),
        ),
      );
    }
    case 'start':
      return reply(t.boundText(account.username));
    default:
      return reply(t.HELP);
  }
}
