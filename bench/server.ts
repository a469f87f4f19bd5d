/**
 * Throughput of the API server against a bare Fastify hello world, on the same machine in the same
 * run. Each server runs in a child process of its own; the load comes from this process over
 * keep-alive sockets (10 connections, a few seconds each). The targets take turns for a few rounds
 * and each one's best round is shown.
 *
 * Two figures per target: requests per second of wall time, and requests per CPU-second the server
 * process spent (what one core gives when nothing else runs). On a machine shared with other work
 * the wall figure moves with that work; the CPU figure much less. Prints figures; asserts nothing.
 *
 *   BENCH_SECONDS per round (default 3)   BENCH_ROUNDS (default 3)   BENCH_CONNECTIONS (default 10)
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_SECONDS = 1;
const SUP_PASSWORD = 'Bench-pass-1234';

export interface Load {
  requests: number;
  errors: number;
  seconds: number;
  cpuSeconds: number;
  p50: number;
  p99: number;
}
export const perSecond = (r: Load) => r.requests / r.seconds;
const perCpuSecond = (r: Load) => r.requests / r.cpuSeconds;

export interface Child {
  port: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- what the child's ready message carries: each bench reads its own
  info: any;
  cpu(): Promise<number>;
  stop(): void;
}

/**
 * Sends `request` over the connections for `seconds`; each answer must satisfy `good`. A request
 * may be a function of the connection's number, called for every request (a different link, a
 * different buyer).
 */
export async function load(
  server: Child,
  request: string | ((connection: number) => string),
  seconds: number,
  good: (status: number, body: string) => boolean,
  connections = CONNECTIONS,
): Promise<Load> {
  const fixed = typeof request === 'string' ? Buffer.from(request) : null;
  const latencies: number[] = [];
  let errors = 0;
  const cpuBefore = await server.cpu();
  const started = performance.now();
  const until = started + seconds * 1000;

  const connection = (n: number) =>
    new Promise<void>((resolve, reject) => {
      const socket = net.connect({ port: server.port, host: '127.0.0.1' });
      socket.setNoDelay(true);
      let buffer = Buffer.alloc(0);
      let sentAt = 0;
      const send = () => {
        if (performance.now() >= until) {
          socket.end();
          resolve();
          return;
        }
        sentAt = performance.now();
        socket.write(fixed ?? (request as (connection: number) => string)(n));
      };
      socket.on('connect', send);
      socket.on('error', reject);
      socket.on('data', (chunk) => {
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
        for (;;) {
          const end = buffer.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = buffer.subarray(0, end).toString('latin1');
          const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? NaN);
          if (!Number.isFinite(length)) {
            socket.destroy();
            reject(new Error(`answer without content-length: ${head}`));
            return;
          }
          if (buffer.length < end + 4 + length) return;
          const status = Number(head.slice(9, 12));
          const body = buffer.subarray(end + 4, end + 4 + length).toString();
          buffer = buffer.subarray(end + 4 + length);
          latencies.push(performance.now() - sentAt);
          if (!good(status, body)) errors += 1;
          send();
        }
      });
    });

  await Promise.all(Array.from({ length: connections }, (_, n) => connection(n)));
  const seconds_ = (performance.now() - started) / 1000;
  const cpuSeconds = (await server.cpu()) - cpuBefore;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return { requests: latencies.length, errors, seconds: seconds_, cpuSeconds, p50: at(0.5), p99: at(0.99) };
}

/**
 * A server in a child process (`file` run with `serve <kind>`, this one by default), which reports
 * its CPU time on request; its ready message may carry what the bench needs to know (`info`).
 */
export async function child(kind: string, file = import.meta.filename, env: NodeJS.ProcessEnv = {}): Promise<Child> {
  // BENCH_PROF=<dir>: each server child writes a V8 CPU profile there when it exits (see scripts/cpuprofile-summary.mjs).
  const prof = process.env.BENCH_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_PROF)] : [];
  const proc = spawn(process.execPath, [...prof, '--import', 'tsx', file, 'serve', kind], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, ...env },
  });
  const pending: ((seconds: number) => void)[] = [];
  let info: unknown;
  const port = await new Promise<number>((resolve, reject) => {
    proc.on('message', (m: { ready?: number; cpu?: number; info?: unknown }) => {
      if (m.ready) {
        info = m.info;
        resolve(m.ready);
      }
      if (m.cpu !== undefined) pending.shift()?.(m.cpu);
    });
    proc.on('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
  return {
    port,
    info,
    cpu: () =>
      new Promise((resolve) => {
        pending.push(resolve);
        proc.send('cpu');
      }),
    stop: () => proc.kill('SIGTERM'),
  };
}

/** In a child: answers the parent's CPU-time questions; `ready` tells it the port (and `info`). */
export function childReady(): (port: number, info?: unknown) => void {
  process.on('message', () => {
    const { user, system } = process.cpuUsage();
    process.send!({ cpu: (user + system) / 1e6 });
  });
  return (port, info) => process.send!({ ready: port, info });
}

/** In a child: what starts the app on a database, loaded only there (the parent never loads the server). */
export async function serverModules() {
  const { buildApp } = await import('../server/app.js');
  const { connect } = await import('../server/platform/db/connection.js');
  const { migrate } = await import('../server/schema/migrate.js');
  const { readSettings } = await import('../server/env.js');
  const { ensureFirstSup } = await import('../server/accounts/first-sup.js');
  return { buildApp, connect, migrate, readSettings, ensureFirstSup };
}

async function serve(kind: string): Promise<void> {
  const ready = childReady();
  if (kind === 'hello') {
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ logger: false });
    app.get('/hello', async () => ({ hello: 'world' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.on('SIGTERM', () => process.exit(0));
    ready((app.server.address() as net.AddressInfo).port);
    return;
  }
  const { buildApp, connect, migrate, readSettings, ensureFirstSup } = await serverModules();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const database = await connect({ dataDir: dir });
  await migrate(database.db, database.dialect);
  await ensureFirstSup(database.db, 'admin', SUP_PASSWORD, Date.now());
  const app = await buildApp({ settings: { ...readSettings({}), authRatePerMinute: 1000 }, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('SIGTERM', async () => {
    await app.close();
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
  ready((app.server.address() as net.AddressInfo).port);
}

async function call(port: number, method: string, p: string, body?: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${p}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (json.code !== 200) throw new Error(`${p}: ${json.code} ${json.message}`);
  return json.data;
}

const get = (p: string, token?: string) =>
  `GET ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\n${token ? `Authorization: Bearer ${token}\r\n` : ''}\r\n`;
const post = (p: string, token: string) =>
  `POST ${p} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nContent-Length: 0\r\n\r\n`;

export interface Target {
  name: string;
  server: Child;
  request: string | ((connection: number) => string);
  good: (status: number, body: string) => boolean;
}

/** Each target warmed up, then ROUNDS rounds of SECONDS each in turn: each one's best round and its bad answers. */
export async function bestRounds(targets: Target[]): Promise<{ best: Load[]; errors: number[] }> {
  for (const t of targets) await load(t.server, t.request, WARMUP_SECONDS, t.good);
  const best: Load[] = [];
  const errors = targets.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, t] of targets.entries()) {
      const r = await load(t.server, t.request, SECONDS, t.good);
      errors[i] += r.errors;
      if (!best[i] || perSecond(r) > perSecond(best[i])) best[i] = r;
    }
  }
  return { best, errors };
}

/** Rows of req/s, p50, p99 and the ratios to the first target (the baseline), in wall and in CPU time. */
export function table(targets: Target[], { best, errors }: { best: Load[]; errors: number[] }): string[] {
  const out = [
    `  ${''.padEnd(26)} ${'req/s'.padStart(7)}  ${'p50'.padStart(7)}  ${'p99'.padStart(7)}  ratio   ${'req/CPU-s'.padStart(9)}  ratio`,
  ];
  best.forEach((r, i) => {
    const ms = (v: number) => `${v.toFixed(2)}ms`.padStart(7);
    out.push(
      `  ${targets[i].name.padEnd(26)} ${perSecond(r).toFixed(0).padStart(7)}  ${ms(r.p50)}  ${ms(r.p99)}  ` +
        `${i ? (perSecond(r) / perSecond(best[0])).toFixed(2) : '    '}   ${perCpuSecond(r).toFixed(0).padStart(9)}  ` +
        `${i ? (perCpuSecond(r) / perCpuSecond(best[0])).toFixed(2) : ''}${errors[i] ? `   ${errors[i]} bad answers!` : ''}`,
    );
  });
  return out;
}

export async function benchServer(): Promise<void> {
  const hello = await child('hello');
  const app = await child('app');
  try {
    const { token } = await call(app.port, 'POST', '/api/user/login', { username: 'admin', password: SUP_PASSWORD });
    for (let i = 1; i <= 10; i++) {
      await call(
        app.port,
        'POST',
        '/api/notice/add',
        {
          title: `系统公告 ${i}`,
          popup: i === 10,
          content: `<p>第 ${i} 条公告：<strong>今晚 23:00</strong> 系统维护，预计 30 分钟。</p><p>详情见 <a href="https://t.me/support">客服</a>。</p>`,
        },
        token,
      );
    }
    const okEnvelope = (status: number, body: string) => status === 200 && body.startsWith('{"code":200');
    const targets = [
      { name: 'hello world  GET /hello', server: hello, request: get('/hello'), good: (status: number) => status === 200 },
      { name: 'POST /api/user/info', server: app, request: post('/api/user/info', token), good: okEnvelope },
      { name: 'GET /api/notice/recent', server: app, request: get('/api/notice/recent', token), good: okEnvelope },
    ];
    const out = [
      `\nAPI 服务器吞吐 (API server throughput): ${CONNECTIONS} connections, best of ${ROUNDS} rounds of ${SECONDS} s, SQLite, logger off`,
      ...table(targets, await bestRounds(targets)),
    ];
    out.push('  target: ratio >= 0.40 against the hello world');
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    hello.stop();
    app.stop();
  }
}

// Run as a script (not imported by another bench): serve a child, or run this bench.
if (import.meta.filename === process.argv[1]) {
  if (process.argv[2] === 'serve') await serve(process.argv[3]);
  else await benchServer();
}
