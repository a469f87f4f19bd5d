/**
 * Setting up the business through the real API (products, stock, money, purchases), and delivering
 * messages through the code path every intake calls (deliverMessage) with the server's clock.
 */
import { expect } from 'vitest';
import type { Ctx } from '../../server/platform/context.js';
import { deliverMessage, type InboundMessage } from '../../server/codes/deliver.js';
import type { TestServer } from './server.js';

export const goodsDefaults = {
  title: 'Telegram 接码',
  channel: 'sms',
  service: 'tg',
  price: 1.5,
  valid_hours: 24,
  receive_limit: 1,
  reset_limit: 2,
  renew_price: 0.5,
  code_wait_minutes: 0,
  min_qty: 1,
  max_qty: 100,
};

export async function addGoods(s: TestServer, supToken: string, overrides: Record<string, unknown> = {}): Promise<number> {
  const r = await s.post('/api/goods/add', { ...goodsDefaults, ...overrides }, supToken);
  expect(r.code, r.message).toBe(200);
  return r.data.id as number;
}

export async function importLines(s: TestServer, supToken: string, goodsId: number, lines: string[]) {
  const r = await s.post('/api/stock/import', { goods_id: goodsId, text: lines.join('\n') }, supToken);
  expect(r.code, r.message).toBe(200);
  return r.data as { added: number; updated: number; skipped: number };
}

/** `n` phone numbers starting at `first` (digits), one per line. */
export const phones = (n: number, first = 8613800000000) => Array.from({ length: n }, (_, i) => String(first + i));

export async function credit(s: TestServer, supToken: string, userId: number, dollars: number) {
  const r = await s.post('/api/user/money', { id: userId, amount: dollars, remark: '测试充值' }, supToken);
  expect(r.code, r.message).toBe(200);
}

export async function buyOk(s: TestServer, token: string, goodsId: number, quantity = 1) {
  const r = await s.post('/api/order/buy', { goods_id: goodsId, quantity }, token);
  expect(r.code, r.message).toBe(200);
  return r.data as {
    order_id: number;
    order_no: string;
    amount: number;
    balance: number;
    tokens: { id: number; token: string; identifier: string; url: string; api_url: string }[];
  };
}

const silent = { error() {}, warn() {}, info() {}, debug() {}, trace() {}, fatal() {}, child: () => silent } as unknown as Ctx['log'];

/** The server's context as a background caller (the SMS webhook, SMTP, upstream polling) has it. */
export function ctxOf(s: TestServer): Ctx {
  return { database: s.database, db: s.database.db, settings: s.settings, now: s.clock.now, log: silent };
}

export function deliver(s: TestServer, recipient: string, text: string, more: Partial<InboundMessage> = {}) {
  return deliverMessage(ctxOf(s), { source: 'sms', recipient, sender: '+10086', text, receivedAt: s.clock.now(), ...more });
}

/** Every user's ledger sums to their balance, and the sup's difference is 0. */
export async function expectBooksBalance(s: TestServer, supToken: string) {
  const db = s.database.db;
  const users = await db.selectFrom('users').select(['id', 'balance']).execute();
  const sums = await db
    .selectFrom('ledger')
    .select(['user_id', (eb) => eb.fn.sum<number>('amount').as('n')])
    .groupBy('user_id')
    .execute();
  const byUser = new Map(sums.map((r) => [Number(r.user_id), Number(r.n)]));
  for (const u of users) expect(byUser.get(Number(u.id)) ?? 0, `ledger of user ${u.id}`).toBe(Number(u.balance));
  const negative = users.filter((u) => Number(u.balance) < 0);
  expect(negative).toEqual([]);
  const stats = await s.get('/api/statistics/index', supToken);
  expect(stats.code).toBe(200);
  expect(stats.data.admin.diff).toBe(0);
  return stats.data;
}
