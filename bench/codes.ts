/**
 * The hottest route: `GET /api/code/<token>` over 100,000 API links (a random link per request,
 * JSON and text), against a Fastify hello world measured in the same run, each server in a child
 * process, 10 keep-alive connections, best of a few rounds. Rate limits stay on (set high enough
 * for one client address to drive the load). Prints figures; asserts nothing.
 *
 *   CODE_LINKS (default 100000)   BENCH_SECONDS (3)   BENCH_ROUNDS (3)
 */
import path from 'node:path';
import { bestRounds, child, table, type Target } from './server.js';
import { linkToken } from './seed.js';

const LINKS = Number(process.env.CODE_LINKS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

export async function benchCodes(): Promise<void> {
  const hello = await child('hello');
  const app = await child('sqlite', path.join(import.meta.dirname, 'scale-server.ts'), {
    // Live links bought over the last day (their codes are recent too).
    SCALE_ORDERS: String(LINKS),
    SCALE_CUSTOMERS: '100',
    SCALE_SPAN_DAYS: '1',
  });
  try {
    const link = () => linkToken(1 + Math.floor(Math.random() * LINKS));
    const read = (query: string) => () => `GET /api/code/${link()}${query} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
    const targets: Target[] = [
      {
        name: 'hello world  GET /hello',
        server: hello,
        request: 'GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
        good: (status: number) => status === 200,
      },
      {
        name: 'GET /api/code/<token>',
        server: app,
        request: read(''),
        good: (status: number, body: string) => status === 200 && body.startsWith('{"code":200'),
      },
      {
        name: 'GET ...?format=text',
        server: app,
        request: read('?format=text'),
        good: (status: number, body: string) => status === 200 && body.startsWith('STATUS_'),
      },
    ];
    const out = [
      `\n读取验证码 (code reads): ${LINKS.toLocaleString('en-US')} links on SQLite, a random link per request, 10 connections, best of ${ROUNDS} rounds of ${SECONDS} s`,
      ...table(targets, await bestRounds(targets)),
    ];
    out.push('  target: ratio >= 0.50 against the hello world, p99 <= 5 ms');
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    hello.stop();
    app.stop();
  }
}

if (import.meta.filename === process.argv[1]) await benchCodes();
