/**
 * A small Telegram Bot API for the tests, speaking its protocol: `POST /bot<token>/<method>` with JSON,
 * answered `{ ok, result }` or `{ ok: false, error_code, description }`. getMe, getUpdates (long
 * polling: answers at once when an update at or past `offset` waits, else when one arrives or
 * `timeout` seconds pass; updates before `offset` are confirmed and forgotten) and sendMessage
 * (recorded). `say` is a person writing to the bot; `down` makes it answer 502 like an unreachable proxy;
 * `blocked` chats are refused 403 as a person who blocked the bot; `throttle` makes a chat's messages
 * refused 429 with `parameters.retry_after`, as Telegram answers above about one message a second per chat.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const BOT_TOKEN = '123456789:AAFakeTokenForTheTestsOnly_abcdefghij';
export const BOT_USERNAME = 'test_codes_bot';

export interface Sent {
  chat_id: number;
  text: string;
}
interface Chat {
  id: number;
  type: 'private' | 'group';
  username?: string;
  title?: string;
  first_name?: string;
}

export class FakeBotApi {
  url = '';
  sent: Sent[] = [];
  /** Every sendMessage asked for, refused or not, in order. */
  tried: Sent[] = [];
  calls: string[] = [];
  down = false;
  /** Chats that blocked the bot: sendMessage answers 403 as Telegram does. */
  blocked = new Set<number>();
  /** Chats Telegram is rate-limiting: sendMessage answers 429 asking to wait this many seconds. */
  throttled = new Map<number, number>();
  private server = http.createServer((req, res) => void this.handle(req, res));
  private updates: { update_id: number; message: unknown }[] = [];
  private nextId = 1;
  private nextMessage = 1;
  private waiting = new Set<() => void>();

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const wake of this.waiting) wake();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** A person (or a group) writing `text` to the bot. */
  say(chat: Chat, text: string): void {
    const from = { id: chat.id, is_bot: false, first_name: chat.first_name ?? 'Test', username: chat.username };
    this.updates.push({
      update_id: this.nextId++,
      message: { message_id: this.nextMessage++, date: Math.floor(Date.now() / 1000), chat, from, text },
    });
    for (const wake of this.waiting) wake();
  }

  /** Telegram refuses the chat's messages with 429 and `retry_after` until `unthrottle`. */
  throttle(chatId: number, retryAfterS: number): void {
    this.throttled.set(chatId, retryAfterS);
  }

  unthrottle(chatId: number): void {
    this.throttled.delete(chatId);
  }

  /** What the bot asked to send to a chat, refused or not. */
  triedTo(chatId: number): string[] {
    return this.tried.filter((m) => m.chat_id === chatId).map((m) => m.text);
  }

  /** What the bot sent to a chat. */
  to(chatId: number): string[] {
    return this.sent.filter((m) => m.chat_id === chatId).map((m) => m.text);
  }

  /** Waits (up to `ms`, a bound for a broken test, not a speed check) until a message to the chat matches. */
  async waitFor(chatId: number, match: RegExp, ms = 20_000): Promise<string> {
    const end = Date.now() + ms;
    for (;;) {
      const hit = this.to(chatId).find((t) => match.test(t));
      if (hit) return hit;
      if (Date.now() > end) throw new Error(`no message to ${chatId} matching ${match}; got ${JSON.stringify(this.to(chatId))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (this.down) return answer(502, { ok: false, error_code: 502, description: 'Bad Gateway' });
    const m = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? '');
    if (!m || req.method !== 'POST') return answer(404, { ok: false, error_code: 404, description: 'Not Found' });
    const [, token, method] = m;
    this.calls.push(method);
    if (token !== BOT_TOKEN) return answer(401, { ok: false, error_code: 401, description: 'Unauthorized' });
    let params: Record<string, unknown>;
    try {
      params = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
    } catch {
      return answer(400, { ok: false, error_code: 400, description: 'Bad Request: invalid JSON' });
    }
    switch (method) {
      case 'getMe':
        return answer(200, { ok: true, result: { id: 123456789, is_bot: true, first_name: 'Test Bot', username: BOT_USERNAME } });
      case 'getUpdates': {
        const offset = Number(params.offset ?? 0);
        if (offset > 0) this.updates = this.updates.filter((u) => u.update_id >= offset);
        const timeout = Number(params.timeout ?? 0) * 1000;
        const end = Date.now() + timeout;
        while (!this.updates.length && Date.now() < end && !res.destroyed) {
          await new Promise<void>((resolve) => {
            const wake = () => {
              this.waiting.delete(wake);
              clearTimeout(timer);
              resolve();
            };
            const timer = setTimeout(wake, Math.max(0, end - Date.now()));
            this.waiting.add(wake);
          });
        }
        return answer(200, { ok: true, result: this.updates.slice(0, 100) });
      }
      case 'sendMessage': {
        if (typeof params.chat_id !== 'number' || typeof params.text !== 'string' || !params.text) {
          return answer(400, { ok: false, error_code: 400, description: 'Bad Request: message text is empty' });
        }
        this.tried.push({ chat_id: params.chat_id, text: params.text });
        if (this.blocked.has(params.chat_id))
          return answer(403, { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' });
        const wait = this.throttled.get(params.chat_id);
        if (wait !== undefined) {
          return answer(429, {
            ok: false,
            error_code: 429,
            description: `Too Many Requests: retry after ${wait}`,
            parameters: { retry_after: wait },
          });
        }
        this.sent.push({ chat_id: params.chat_id, text: params.text });
        return answer(200, {
          ok: true,
          result: {
            message_id: this.nextMessage++,
            date: Math.floor(Date.now() / 1000),
            chat: { id: params.chat_id, type: 'private' },
            text: params.text,
          },
        });
      }
      default:
        return answer(404, { ok: false, error_code: 404, description: 'Not Found: method not found' });
    }
  }
}
