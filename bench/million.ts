/**
 * Lists and statistics on 1,000,000 orders (each with its ledger row and API link), on SQLite and,
 * when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on PostgreSQL: a customer's orders, the
 * sup's orders filtered by user and by time, pages deep in the list, and the sup's home statistics.
 * One connection, requests back to back: the figures are latencies. Prints; asserts nothing.
 *
 *   SCALE_ORDERS (default 1000000)   SCALE_CUSTOMERS (1000)   LIST_SECONDS per case (3)
 *   LIST_KINDS (sqlite,postgres: the ones to run)
 */
import path from 'node:path';
import { child, load, type Child } from './server.js';
import type { Scale } from './seed.js';

const SECONDS = Number(process.env.LIST_SECONDS ?? 3);
const DAY = 86_400_000;

const post = (p: string, token: string, body: unknown) => {
  const json = JSON.stringify(body);
  return (
    `POST ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\n` +
    `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n${json}`
  );
};
const get = (p: string, token: string) => `GET ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`;
const okEnvelope = (status: number, body: string) => status === 200 && body.startsWith('{"code":200');

/** `YYYY-MM-DD HH:mm:ss` in Shanghai, as list filters take times. */
const shanghai = (ms: number) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(ms);

async function benchOne(kind: 'sqlite' | 'postgres'): Promise<string[]> {
  const started = performance.now();
  const server: Child = await child(kind, path.join(import.meta.dirname, 'scale-server.ts'), {
    BENCH_DATABASE_URL: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL,
  });
  const out: string[] = [];
  try {
    const info = server.info as Scale & { now: number; seedSeconds: number };
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
    const someMonth = () => {
      const from = info.now - Math.floor(Math.random() * 330 * DAY) - 30 * DAY;
      return [shanghai(from), shanghai(from + 30 * DAY)];
    };
    const orders = (page: number) => `/api/order/data?page=${page}&pageSize=20`;
    const cases: [string, () => string][] = [
      [
        '顾客的订单 (a customer, ~900 orders), page 1',
        () => {
          const c = pick(info.customers);
          return post(orders(1), c.token, {});
        },
      ],
      ['大客户的订单 (100,000 orders), page 1', () => post(orders(1), info.heavy.token, {})],
      ['大客户的订单, page 500 (deepest under the count cap)', () => post(orders(500), info.heavy.token, {})],
      ['sup: orders of one user, page 1', () => post(orders(1), info.supToken, { user_id: pick(info.customers).id })],
      ['sup: orders of the heavy user, page 500', () => post(orders(500), info.supToken, { user_id: info.heavy.id })],
      ['sup: orders in a 30-day window, page 1', () => post(orders(1), info.supToken, { create_at: someMonth() })],
      ['sup: orders in a 30-day window, page 500', () => post(orders(500), info.supToken, { create_at: someMonth() })],
      ['sup: all orders, page 1', () => post(orders(1), info.supToken, {})],
      ['sup: all orders, page 500', () => post(orders(500), info.supToken, {})],
      ['sup: all orders, page 25,000 (offset 500,000)', () => post(orders(25_000), info.supToken, {})],
      [
        'sup: API links of one user, page 1',
        () => post('/api/token/data?page=1&pageSize=20', info.supToken, { user_id: pick(info.customers).id }),
      ],
      ['sup: /api/statistics/index', () => get('/api/statistics/index', info.supToken)],
      ['customer: /api/statistics/index (heavy buyer)', () => get('/api/statistics/index', info.heavy.token)],
    ];
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    out.push(
      `\n列表与统计 (lists and statistics) on ${kind}: ${Number(process.env.SCALE_ORDERS ?? 1_000_000).toLocaleString('en-US')} orders + ledger rows + links, ` +
        `seeded in ${Number(info.seedSeconds).toFixed(0)} s (${seconds} s with start); 1 connection, ${SECONDS} s per case`,
    );
    out.push(`  ${''.padEnd(52)} ${'req/s'.padStart(7)} ${'p50'.padStart(8)} ${'p99'.padStart(8)}`);
    for (const [name, request] of cases) {
      await load(server, request, 0.5, okEnvelope, 1);
      const r = await load(server, request, SECONDS, okEnvelope, 1);
      const ms = (v: number) => `${v.toFixed(2)}ms`.padStart(8);
      out.push(
        `  ${name.padEnd(52)} ${(r.requests / r.seconds).toFixed(0).padStart(7)} ${ms(r.p50)} ${ms(r.p99)}` +
          `${r.errors ? `   ${r.errors} bad answers!` : ''}`,
      );
    }
    const stats = await fetch(`http://127.0.0.1:${server.port}/api/statistics/index`, {
      headers: { authorization: `Bearer ${info.supToken}` },
    }).then((r) => r.json());
    out.push(`  difference after: ${stats.data.admin.diff} (orders ${stats.data.admin.order}, balances ${stats.data.admin.balance})`);
    out.push('  targets: lists p99 <= 20 ms, statistics p99 <= 50 ms');
  } finally {
    server.stop();
  }
  return out;
}

export async function benchMillion(): Promise<void> {
  let kinds: ('sqlite' | 'postgres')[] = ['sqlite'];
  if (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) kinds.push('postgres');
  if (process.env.LIST_KINDS) kinds = kinds.filter((k) => process.env.LIST_KINDS!.split(',').includes(k));
  for (const kind of kinds) process.stdout.write(`${(await benchOne(kind)).join('\n')}\n`);
}

if (import.meta.filename === process.argv[1]) await benchMillion();
