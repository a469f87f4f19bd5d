/**
 * Calls to `/stubs/handler_api.php` and the checks every answer must pass: HTTP 200, the exact body
 * (no trailing newline), text/plain for words and application/json for JSON answers.
 */
import { expect } from 'vitest';
import { addGoods, credit, importLines } from './commerce.js';
import { startServer, SUP, type DbKind, type TestServer } from './server.js';

export const HANDLER_PATH = '/stubs/handler_api.php';
export const TEXT = 'text/plain; charset=utf-8';
export const JSON_TYPE = 'application/json; charset=utf-8';

export interface HandlerAnswer {
  status: number;
  type: string | null;
  body: string;
  headers: Headers;
}

export interface HandlerCall {
  method?: 'GET' | 'POST';
  /** A form body (string as is, or fields), sent with the form content type. */
  form?: string | Record<string, string>;
  headers?: Record<string, string>;
  /** Another server (a sibling with other settings). */
  base?: string;
}

export async function handler(s: TestServer, params: Record<string, string | number>, o: HandlerCall = {}): Promise<HandlerAnswer> {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  const headers: Record<string, string> = { ...o.headers };
  let body: string | undefined;
  if (o.form !== undefined) {
    body = typeof o.form === 'string' ? o.form : new URLSearchParams(o.form).toString();
    headers['content-type'] = 'application/x-www-form-urlencoded';
  }
  const res = await fetch(`${o.base ?? s.url}${HANDLER_PATH}${query ? `?${query}` : ''}`, {
    method: o.method ?? (body !== undefined ? 'POST' : 'GET'),
    headers,
    body,
  });
  return { status: res.status, type: res.headers.get('content-type'), body: await res.text(), headers: res.headers };
}

/** The answer is exactly `word`, as a protocol word is sent. */
export function expectWord(answer: HandlerAnswer, word: string | RegExp): void {
  expect(answer.status).toBe(200);
  expect(answer.type).toBe(TEXT);
  if (typeof word === 'string') expect(answer.body).toBe(word);
  else expect(answer.body).toMatch(word);
  expect(answer.body).not.toMatch(/\s$/);
}

/** The answer is exactly this JSON text. */
export function expectJson(answer: HandlerAnswer, text: string): void {
  expect(answer.status).toBe(200);
  expect(answer.type).toBe(JSON_TYPE);
  expect(answer.body).toBe(text);
}

/** A customer with money and an API key made on user/info. */
export async function keyedCustomer(s: TestServer, supToken: string, username: string, dollars: number) {
  const customer = await s.addCustomer(supToken, username);
  if (dollars) await credit(s, supToken, customer.id, dollars);
  const made = await s.post('/api/apikey/create', {}, customer.token);
  expect(made.code, made.message).toBe(200);
  return { ...customer, key: made.data.key as string };
}

/** An SMS product with numbers in stock. */
export async function smsGoods(s: TestServer, supToken: string, fields: Record<string, unknown>, numbers: string[]) {
  const id = await addGoods(s, supToken, fields);
  if (numbers.length) await importLines(s, supToken, id, numbers);
  return id;
}

export type Keyed = Awaited<ReturnType<typeof keyedCustomer>>;

/** A handler_api.php test's server: frozen at `t0`, sessions that last the year, the sup signed in. */
export async function startHandlerServer(kind: DbKind, t0: number): Promise<{ s: TestServer; sup: string }> {
  const s = await startServer(kind, { frozenAt: t0, settings: { sessionTtlMs: 365 * 86_400_000 } });
  return { s, sup: await s.login(SUP.username, SUP.password) };
}

/** What a handler_api.php test asks of the server `server()` (started in its beforeAll). */
export function handlerCalls(server: () => TestServer) {
  const call = (who: Keyed, params: Record<string, string | number>) => handler(server(), { api_key: who.key, ...params });
  return {
    call,
    /** getNumber with these params; the activation's id and number. */
    bought: async (who: Keyed, params: Record<string, string | number> = { service: 'tg' }) => {
      const r = await call(who, { action: 'getNumber', ...params });
      expectWord(r, /^ACCESS_NUMBER:\d+:\d+$/);
      const [, id, phone] = r.body.split(':');
      return { id: Number(id), phone };
    },
    balance: async (who: Keyed) =>
      Number((await server().database.db.selectFrom('users').select('balance').where('id', '=', who.id).executeTakeFirstOrThrow()).balance),
    /** A refusal changes nothing (a call before it has recorded the key's use for the minute). */
    unchanged: async (run: () => Promise<void>) => {
      const before = await server().snapshot();
      await run();
      expect(await server().snapshot()).toBe(before);
    },
  };
}
