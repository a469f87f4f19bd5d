import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { DB } from '../schema/tables.js';
import { AppError, Code, fail } from '../platform/http/envelope.js';
import { secretBox } from '../platform/lib/secret-box.js';
import { botApi, TelegramError, TOKEN_PATTERN, type BotApi } from './bot-api.js';

/** The settings row of the bot: the token the sup saved (sealed), the bot's name, the console's address. */
const KEY = 'telegram';

interface Stored {
  /** Sealed (server/platform/lib/secret-box.ts); null when the sup saved none. */
  token?: string | null;
  /** The bot's @username, and which token (a short hash of it) it belongs to. */
  username?: string | null;
  username_of?: string | null;
  /** Where the console is, as the sup's browser reached it: alerts link to it when PUBLIC_URL is unset. */
  console_url?: string | null;
}

export interface BotConfig {
  token: string | null;
  source: 'env' | 'settings' | null;
  username: string | null;
  consoleUrl: string | null;
}

async function stored(ctx: Ctx): Promise<Stored> {
  const row = await ctx.db.selectFrom('settings').select('value').where('key', '=', KEY).executeTakeFirst();
  return row ? (JSON.parse(row.value) as Stored) : {};
}

/** `inside` runs last in the same transaction (the audit row of a token change). */
async function store(ctx: Ctx, patch: Partial<Stored>, inside?: (trx: Kysely<DB>) => Promise<void>): Promise<void> {
  const value = JSON.stringify({ ...(await stored(ctx)), ...patch });
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('settings')
      .values({ key: KEY, value, update_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, update_at: now }))
      .execute();
    await inside?.(trx);
  });
}

const fingerprint = (token: string) => crypto.createHash('sha256').update(token).digest('hex').slice(0, 16);

/** The token in use (TELEGRAM_BOT_TOKEN wins over the saved one), the bot's name if known, the console's address. */
export async function readBotConfig(ctx: Ctx): Promise<BotConfig> {
  const s = await stored(ctx);
  const env = ctx.settings.telegramBotToken;
  let token: string | null = env ?? null;
  if (!token && s.token) {
    try {
      token = secretBox(ctx.settings).open(s.token);
    } catch {
      token = null; // sealed under another key: as good as unset until saved again
    }
  }
  return {
    token,
    source: env ? 'env' : token ? 'settings' : null,
    username: token && s.username && s.username_of === fingerprint(token) ? s.username : null,
    consoleUrl: ctx.settings.publicUrl ?? s.console_url ?? null,
  };
}

export function apiOf(ctx: Ctx, token: string): BotApi {
  return botApi(ctx.settings.telegramApiRoot, token);
}

/** The bot's @username: asked with getMe once per token, then kept. */
export async function botUsername(ctx: Ctx, config: BotConfig): Promise<string> {
  if (!config.token) throw fail.conflict('Telegram 机器人尚未配置，请联系管理员');
  if (config.username) return config.username;
  let me;
  try {
    me = await apiOf(ctx, config.token).getMe();
  } catch (err) {
    throw new AppError(Code.unavailable, `暂时无法连接 Telegram，请稍后再试（${(err as Error).message}）`);
  }
  const username = me.username ?? '';
  await store(ctx, { username, username_of: fingerprint(config.token) });
  return username;
}

/**
 * The sup's token: checked with getMe before it is kept (a wrong one is refused with Telegram's words),
 * sealed like providers' keys. Empty clears it.
 */
export async function saveBotToken(ctx: Ctx, token: string, inside?: (trx: Kysely<DB>) => Promise<void>): Promise<void> {
  if (token === '') {
    await store(ctx, { token: null, username: null, username_of: null }, inside);
    return;
  }
  if (!TOKEN_PATTERN.test(token))
    throw fail.badInput('机器人令牌格式不对，应形如 123456789:AA...（向 @BotFather 获取）', { token: '机器人令牌格式不对' });
  let me;
  try {
    me = await apiOf(ctx, token).getMe();
  } catch (err) {
    const e = err as TelegramError;
    if (e.status === 401 || e.status === 404)
      throw fail.badInput('Telegram 不认这个令牌：请检查是否复制完整，或是否已被撤销', { token: '令牌无效' });
    throw new AppError(Code.unavailable, `暂时无法连接 Telegram，令牌未保存（${e.message}）`);
  }
  if (!me.is_bot) throw fail.badInput('这个令牌不属于机器人', { token: '令牌无效' });
  await store(ctx, { token: secretBox(ctx.settings).seal(token), username: me.username ?? '', username_of: fingerprint(token) }, inside);
}

/** The console's address as a browser reached it (a link in alerts when PUBLIC_URL is unset). */
export async function rememberConsoleUrl(ctx: Ctx, url: string): Promise<void> {
  if (ctx.settings.publicUrl) return;
  const s = await stored(ctx);
  if (s.console_url !== url) await store(ctx, { console_url: url });
}

/** Once the poller learned the bot's name (a token from the environment). */
export async function rememberUsername(ctx: Ctx, token: string, username: string): Promise<void> {
  const s = await stored(ctx);
  if (s.username !== username || s.username_of !== fingerprint(token)) await store(ctx, { username, username_of: fingerprint(token) });
}
