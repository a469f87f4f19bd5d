import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { sessionOf } from '../platform/http/auth.js';
import { fail, ok } from '../platform/http/envelope.js';
import { publicBase } from '../platform/http/public-url.js';
import { objectBody, rejectUnknown } from '../platform/http/validate.js';
import { toCents, toDollars } from '../platform/lib/money.js';
import { formatTime } from '../platform/lib/time.js';
import { BIND_CODE_MS, newBindCode, unbind } from './bindings.js';
import { botUsername, readBotConfig, rememberConsoleUrl, saveBotToken } from './bot-config.js';
import { EVENT_LABELS, eventsFor, parseEvents, type EventName } from './events.js';
import { enqueue } from './outbox.js';
import { pollerState } from './poller.js';
import { UNBOUND_ELSEWHERE } from './texts.js';
import { audit, auditCtxOf } from '../audit/index.js';

/** Largest 余额不足 threshold, in dollars. */
const MAX_THRESHOLD = 100_000;

/** Binding a chat, choosing what to be told (any account), and the bot's token (sup). */
export function registerTelegramRoutes(app: FastifyInstance, ctx: Ctx): void {
  async function info(account: { id: number; type: string; role: string | null }) {
    const userId = account.id;
    const [binding, config] = await Promise.all([
      ctx.db
        .selectFrom('telegram_bindings')
        .select(['chat_title', 'events', 'balance_threshold'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),
      readBotConfig(ctx),
    ]);
    return {
      bound: Boolean(binding),
      chat_title: binding?.chat_title ?? null,
      events: binding ? parseEvents(binding.events) : [],
      balance_threshold: binding ? toDollars(Number(binding.balance_threshold)) : 0,
      choices: eventsFor(account).map((name) => ({ name, label: EVENT_LABELS[name] })),
      configured: Boolean(config.token),
      bot_username: config.username,
    };
  }

  app.get('/api/telegram/info', { config: { access: 'any' } }, async (request) => {
    const { user } = sessionOf(request);
    return ok(await info(user));
  });

  app.post('/api/telegram/bind', { config: { access: 'any' } }, async (request) => {
    rejectUnknown(objectBody(request.body), []);
    const { user, managerId } = sessionOf(request);
    // The chat bound will read the customer's codes: the customer binds it, not a sup switched in.
    if (managerId !== null) throw fail.forbidden('管理员切换进入时不能绑定 Telegram，请由用户本人绑定');
    // Any account may bind: its request's Host says nothing of where the console is (alerts link there).
    const username = await botUsername(ctx, await readBotConfig(ctx));
    const code = await newBindCode(ctx, user.id);
    return ok(
      { code, link: `https://t.me/${username}?start=${code}`, expires_in: BIND_CODE_MS / 1000 },
      '请在 10 分钟内打开链接或向机器人发送 /start 绑定码',
    );
  });

  app.post('/api/telegram/unbind', { config: { access: 'any' } }, async (request) => {
    rejectUnknown(objectBody(request.body), []);
    const { user } = sessionOf(request);
    const chat = await unbind(ctx.db, { userId: user.id });
    if (chat !== null) await enqueue(ctx.db, chat, UNBOUND_ELSEWHERE, ctx.now());
    return ok(await info(user), chat !== null ? '已解绑 Telegram' : '没有绑定的 Telegram');
  });

  app.post('/api/telegram/events', { config: { access: 'any' } }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['events', 'balance_threshold']);
    const { user } = sessionOf(request);
    const allowed = eventsFor(user);
    if (!Array.isArray(body.events) || body.events.some((e) => typeof e !== 'string')) {
      throw fail.badInput('events 应为通知类型的列表', { events: '请选择通知类型' });
    }
    const unknown = (body.events as string[]).filter((e) => !allowed.includes(e as EventName));
    if (unknown.length)
      throw fail.badInput(`不能选择的通知类型：${unknown.join(', ').slice(0, 100)}`, { events: '含有不能选择的通知类型' });
    if (new Set(body.events).size !== body.events.length) throw fail.badInput('通知类型重复', { events: '通知类型重复' });
    let threshold: number | undefined;
    if (body.balance_threshold !== undefined) {
      if (user.type === 'sup') throw fail.badInput('余额提醒只适用于客户账户', { balance_threshold: '管理员账户没有余额提醒' });
      const cents = toCents(body.balance_threshold);
      if (cents === null || cents < 0 || cents > MAX_THRESHOLD * 100) {
        throw fail.badInput(`余额提醒金额应为 0 到 ${MAX_THRESHOLD} 之间、最多两位小数的数字`, { balance_threshold: '金额不正确' });
      }
      threshold = cents;
    }
    const events = allowed.filter((e) => (body.events as string[]).includes(e)).join(',');
    const changed = await ctx.db
      .updateTable('telegram_bindings')
      .set(threshold === undefined ? { events } : { events, balance_threshold: threshold })
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (!Number(changed.numUpdatedRows)) throw fail.conflict('尚未绑定 Telegram，请先绑定');
    return ok(await info(user), '已保存通知设置');
  });

  // The sup's side: the bot's token (checked with getMe, kept sealed) and how polling goes in this process.
  async function botStatus() {
    const config = await readBotConfig(ctx);
    const s = pollerState(ctx);
    const tz = ctx.settings.timeZone;
    return {
      configured: Boolean(config.token),
      source: config.source,
      bot_username: config.username,
      token_hint: config.token ? `…${config.token.slice(-4)}` : null,
      console_url: config.consoleUrl,
      last_ok_at: formatTime(s.lastOkAt, tz),
      last_error: s.lastError,
      last_error_at: formatTime(s.lastErrorAt, tz),
      failures: s.failures,
    };
  }

  // Only the owner's screen (access 'sup') remembers the console's address for the alerts' links.
  app.get('/api/telegram/bot', { config: { access: 'sup' } }, async (request) => {
    await rememberConsoleUrl(ctx, publicBase(ctx, request));
    return ok(await botStatus());
  });

  app.post('/api/telegram/bot', { config: { access: 'sup' } }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['token']);
    if (typeof body.token !== 'string') throw fail.badInput('请填写机器人令牌', { token: '请填写机器人令牌' });
    if (ctx.settings.telegramBotToken) throw fail.conflict('机器人令牌由服务器的 TELEGRAM_BOT_TOKEN 设置，请在服务器上修改');
    const token = body.token.trim();
    // The token itself is never in the row: whether one is set, and its last four characters.
    const who = auditCtxOf(request, ctx);
    await saveBotToken(ctx, token, (trx) =>
      audit(trx, who, {
        action: 'config.telegram',
        category: 'settings',
        targetType: 'settings',
        summary: token ? `设置 Telegram 机器人令牌（尾号 ${token.slice(-4)}）` : '清除 Telegram 机器人令牌',
        after: { token_set: Boolean(token), token_last4: token ? token.slice(-4) : null },
      }),
    );
    await rememberConsoleUrl(ctx, publicBase(ctx, request));
    const status = await botStatus();
    return ok(status, token ? `已保存，机器人 @${status.bot_username}` : '已清除机器人令牌');
  });
}
