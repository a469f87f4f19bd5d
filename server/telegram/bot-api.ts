/**
 * The Telegram Bot API over fetch, as it documents itself: `POST <root>/bot<token>/<method>` with a JSON
 * body, answered `{ ok, result }` or `{ ok: false, error_code, description, parameters.retry_after }`.
 * The token is in the path: errors never carry the URL, so it never reaches a log.
 */

export interface TelegramUser {
  id: number;
  is_bot: boolean;
  first_name: string;
  username?: string;
}
export interface TelegramChat {
  id: number;
  type: string;
  title?: string;
  username?: string;
  first_name?: string;
  last_name?: string;
}
export interface TelegramMessage {
  message_id: number;
  chat: TelegramChat;
  from?: TelegramUser;
  text?: string;
  date: number;
}
export interface TelegramUpdate {
  update_id: number;
  message?: TelegramMessage;
}

export class TelegramError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
  /** 401 (a token revoked), 400 (a chat gone), 403 (the bot blocked): trying again will not help. */
  get permanent(): boolean {
    return this.status === 400 || this.status === 401 || this.status === 403 || this.status === 404;
  }
}

export interface BotApi {
  getMe(signal?: AbortSignal): Promise<TelegramUser>;
  getUpdates(offset: number, timeoutS: number, signal?: AbortSignal): Promise<TelegramUpdate[]>;
  sendMessage(chatId: number, text: string, signal?: AbortSignal): Promise<void>;
}

/** Beyond a long poll's own wait, how long Telegram may take to answer (ms). */
const SLACK_MS = 10_000;

export function botApi(root: string, token: string): BotApi {
  async function call<T>(method: string, params: Record<string, unknown>, waitMs: number, signal?: AbortSignal): Promise<T> {
    const timeout = AbortSignal.timeout(waitMs + SLACK_MS);
    let res: Response;
    try {
      res = await fetch(`${root}/bot${token}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(params),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (err) {
      const why = (err as Error)?.name === 'TimeoutError' ? '超时' : (err as Error)?.name === 'AbortError' ? '已取消' : '无法连接';
      throw new TelegramError(`Telegram ${why}`, 0);
    }
    let body: { ok?: boolean; result?: T; description?: string; error_code?: number; parameters?: { retry_after?: number } };
    try {
      body = (await res.json()) as typeof body;
    } catch {
      throw new TelegramError(`Telegram 的应答不是 JSON（HTTP ${res.status}）`, res.status || 0);
    }
    if (!body.ok) {
      throw new TelegramError(
        `Telegram 拒绝：${String(body.description ?? res.status).slice(0, 200)}`,
        body.error_code ?? res.status,
        body.parameters?.retry_after,
      );
    }
    return body.result as T;
  }
  return {
    getMe: (signal) => call<TelegramUser>('getMe', {}, 0, signal),
    getUpdates: (offset, timeoutS, signal) =>
      call<TelegramUpdate[]>('getUpdates', { offset, timeout: timeoutS, allowed_updates: ['message'] }, timeoutS * 1000, signal),
    sendMessage: async (chatId, text, signal) => {
      await call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } }, 0, signal);
    },
  };
}

/** A bot token as BotFather issues it: `<digits>:<35 or so of [A-Za-z0-9_-]>`. */
export const TOKEN_PATTERN = /^\d{5,20}:[A-Za-z0-9_-]{30,60}$/;
