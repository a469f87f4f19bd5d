/**
 * Code intake, end to end: an SMS posted to the webhook (SmsForwarder's default form, signed) at a
 * fixed 200 messages/s, open loop (each sent on its schedule, not after the answer before it), each
 * to its own number, until the code is readable through the number's link: a `?wait=30` read opened
 * 200 ms before the SMS answers with the code (the wake-up path). Then mail through the SMTP receiver
 * (nodemailer, one session per mail). The server runs in a child process on a fresh SQLite file
 * (and on PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set), like the other benches;
 * the baseline is a bare Fastify POST of the same body at the same rate in the same run. Prints
 * figures; asserts nothing.
 *
 *   INTAKE_SMS (default 2000, 10 s)   INTAKE_RATE (200 per second)   INTAKE_MAILS (100)
 *   INTAKE_CPU_PROF=<dir>: a CPU profile of each server child over the SMS phase (scripts/cpuprofile-summary.mjs sums it)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type net from 'node:net';
import nodemailer from 'nodemailer';
import { child, childReady, serverModules, type Child } from './server.js';
import { defaultFormRequest } from '../tests/helpers/smsforwarder-app.js';

const SMS = Number(process.env.INTAKE_SMS ?? 2000);
const RATE = Number(process.env.INTAKE_RATE ?? 200);
const MAILS = Number(process.env.INTAKE_MAILS ?? 100);
const SUP_PASSWORD = 'Bench-pass-1234';

export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
export const ms = (x: number) => `${x.toFixed(1)} ms`;
/** A bench's figures as it prints them: the median, the 99th percentile and the largest. */
export const percentiles = (xs: number[]) => `p50 ${ms(pct(xs, 50))}   p99 ${ms(pct(xs, 99))}   max ${ms(Math.max(...xs))}`;
export const sleep = (t: number) => new Promise((resolve) => setTimeout(resolve, t));

interface Env {
  base: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads arbitrary JSON answers of every API
  call(p: string, body?: unknown, token?: string): Promise<any>;
  close(): void;
  smtpPort: number;
  server: Child;
}

/** The API server (or the hello world) in a child process of its own, as the other benches run it. */
async function start(kind: 'sqlite' | 'postgres' | 'hello'): Promise<Env> {
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  const server = await child(kind, import.meta.filename, {
    ...(url ? { BENCH_DATABASE_URL: url } : {}),
  });
  const base = `http://127.0.0.1:${server.port}`;
  const call = async (p: string, body?: unknown, token?: string) => {
    const res = await fetch(base + p, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { code: number; message: string; data: unknown };
    if (json.code !== 200) throw new Error(`${p}: ${json.code} ${json.message}`);
    return json.data;
  };
  return { base, call, smtpPort: server.info?.smtpPort, server, close: () => server.stop() };
}

/**
 * INTAKE_CPU_PROF=<dir>: the child's CPU profile (as node --cpu-prof, which NODE_OPTIONS refuses) over
 * what the CPU figure covers: from the bench's first CPU reading to its second (the SMS phase, not
 * the setup), written then. Summed per function by scripts/cpuprofile-summary.mjs.
 */
async function profile(kind: string): Promise<void> {
  const dir = process.env.INTAKE_CPU_PROF;
  if (!dir) return;
  const inspector = await import('node:inspector/promises');
  const session = new inspector.Session();
  session.connect();
  await session.post('Profiler.enable');
  let readings = 0;
  process.on('message', async (m) => {
    if (m !== 'cpu') return;
    readings++;
    if (readings === 1) await session.post('Profiler.start');
    if (readings !== 2) return;
    const { profile: p } = await session.post('Profiler.stop');
    fs.writeFileSync(path.join(dir, `intake-${kind}-${process.pid}.cpuprofile`), JSON.stringify(p));
  });
}

/** In the child: a fresh database (a schema of its own on PostgreSQL, dropped on exit) and the app with its SMTP receiver. */
async function serve(kind: string): Promise<void> {
  const ready = childReady();
  if (kind === 'hello') {
    // The baseline: a bare Fastify POST that reads the same form body.
    const { default: Fastify } = await import('fastify');
    const app = Fastify({ logger: false });
    app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    app.post('/hello', async (request) => ({ code: 200, message: 'ok', data: String(request.body).length }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    process.on('SIGTERM', () => process.exit(0));
    ready((app.server.address() as net.AddressInfo).port);
    return;
  }
  const { buildApp, migrate, readSettings, ensureFirstSup } = await serverModules();
  await profile(kind);
  const { database, dir, drop } = await freshDatabase(kind, 'bench-intake-');
  await migrate(database.db, database.dialect);
  await ensureFirstSup(database.db, 'admin', SUP_PASSWORD, Date.now());
  const settings = {
    ...readSettings({}),
    dataDir: dir ?? os.tmpdir(),
    authRatePerMinute: 1_000_000,
    codeRatePerAddress: 100_000_000,
    codeRatePerToken: 1_000_000,
  };
  const app = await buildApp({ settings, database, logger: false, smtp: { port: 0, host: '127.0.0.1' } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('SIGTERM', async () => {
    await app.close();
    await drop();
    process.exit(0);
  });
  ready((app.server.address() as net.AddressInfo).port, { smtpPort: app.smtpPort });
}

/**
 * In a child: a fresh database, a SQLite file in a new folder or a schema of its own on PostgreSQL
 * (BENCH_DATABASE_URL); `drop` closes it and removes the file or the schema.
 */
export async function freshDatabase(kind: string, prefix: string) {
  const { connect } = await serverModules();
  const url = process.env.BENCH_DATABASE_URL;
  const dir = kind === 'sqlite' ? fs.mkdtempSync(path.join(os.tmpdir(), prefix)) : undefined;
  const schema = kind === 'postgres' ? `bench_${crypto.randomBytes(4).toString('hex')}` : undefined;
  const database = await connect(
    schema ? { databaseUrl: url, dataDir: '', schema, readCacheMs: 1000 } : { dataDir: dir!, readCacheMs: 1000 },
  );
  const drop = async () => {
    if (schema) await database.db.schema.dropSchema(schema).ifExists().cascade().execute();
    await database.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  };
  return { database, dir, drop };
}

/** Links for `lines` (numbers or mailboxes) of a new product, bought by one customer. */
async function links(env: Env, sup: string, buyer: string, channel: 'sms' | 'mail', lines: string[]) {
  const goods = await env.call(
    '/api/goods/add',
    {
      title: `bench ${channel}`,
      channel,
      service: channel === 'sms' ? 'tg' : 'ds',
      price: 0.01,
      valid_hours: 24,
      receive_limit: 1,
      max_qty: 1000,
    },
    sup,
  );
  await env.call('/api/stock/import', { goods_id: goods.id, text: lines.join('\n') }, sup);
  const out: { token: string; identifier: string }[] = [];
  while (out.length < lines.length) {
    const n = Math.min(1000, lines.length - out.length);
    out.push(...(await env.call('/api/order/buy', { goods_id: goods.id, quantity: n }, buyer)).tokens);
  }
  return out;
}

/** How many requests `fetchRetry` sent again; a run sets it to 0 first. */
export const retried = { count: 0 };
/** A request again once after a network error (a reused keep-alive socket the server had just closed), as the app retries. */
export async function fetchRetry(url: string, init?: RequestInit): Promise<string> {
  try {
    return await (await fetch(url, init)).text();
  } catch {
    retried.count++;
    return (await fetch(url, init)).text();
  }
}

const waitFor = (base: string, token: string) =>
  fetchRetry(`${base}/api/code/${token}?wait=30&format=text`).then((text) => ({ text, at: performance.now() }));

/**
 * Open loop: message i is sent at started + i/rate whatever became of the ones before; `send(i)`
 * resolves when its answer is in. How late each send left (the generator's own lag) is kept.
 */
export async function openLoop(
  count: number,
  send: (i: number) => Promise<void>,
  rate = RATE,
): Promise<{ seconds: number; late: number[] }> {
  const late: number[] = [];
  const jobs: Promise<void>[] = [];
  const started = performance.now() + 50;
  await new Promise<void>((resolve) => {
    let i = 0;
    const tick = () => {
      const now = performance.now();
      while (i < count && started + (i * 1000) / rate <= now) {
        late.push(now - (started + (i * 1000) / rate));
        jobs.push(send(i++));
      }
      if (i >= count) resolve();
      else setTimeout(tick, Math.max(0, started + (i * 1000) / rate - performance.now()));
    };
    setTimeout(tick, 50);
  });
  await Promise.all(jobs);
  return { seconds: (performance.now() - started) / 1000, late };
}

/** A phone's signed timestamps: its clock's ms, one per message (a signed pair carries one message). */
let lastStamp = 0;
export const nextStamp = () => (lastStamp = Math.max(Date.now(), lastStamp + 1));

/** The same signed form body posted to a bare Fastify route at the same rate: what the machine gives right now. */
async function baseline(secret: string): Promise<string> {
  const hello = await start('hello');
  try {
    const round: number[] = [];
    const cpuBefore = await hello.server.cpu();
    const { late } = await openLoop(SMS, async (i) => {
      const req = defaultFormRequest(
        {
          from: '+8610690000',
          text: `【Telegram】验证码 ${100000 + i}，请勿泄露`,
          simInfo: 'SIM1_+8613900000000',
          receiveTime: localTime(Date.now()),
        },
        secret,
        Date.now(),
      );
      const sentAt = performance.now();
      await fetchRetry(`${hello.base}/hello`, { method: 'POST', headers: { 'content-type': req.contentType }, body: req.body });
      round.push(performance.now() - sentAt);
    });
    const cpu = (await hello.server.cpu()) - cpuBefore;
    return `  baseline: Fastify hello-world POST at ${RATE}/s    p50 ${ms(pct(round, 50))}   p99 ${ms(pct(round, 99))}   server CPU per POST ${ms((cpu * 1000) / SMS)}   (generator late p99 ${ms(pct(late, 99))})`;
  } finally {
    hello.close();
  }
}

async function run(kind: 'sqlite' | 'postgres'): Promise<string[]> {
  retried.count = 0;
  const env = await start(kind);
  try {
    const sup = (await env.call('/api/user/login', { username: 'admin', password: SUP_PASSWORD })).token;
    const customer = await env.call('/api/user/add', { username: 'bench_buyer', password: 'Bench-buyer-1' }, sup);
    await env.call('/api/user/money', { id: customer.id, amount: 10_000, remark: 'bench' }, sup);
    const buyer = (await env.call('/api/user/login', { username: 'bench_buyer', password: 'Bench-buyer-1' })).token;
    const numbers = Array.from({ length: SMS }, (_, i) => `+86139${String(i).padStart(8, '0')}`);
    const smsLinks = await links(env, sup, buyer, 'sms', numbers);
    const mailLinks = await links(
      env,
      sup,
      buyer,
      'mail',
      Array.from({ length: MAILS }, (_, i) => `bench-${i}@mail.bench.test`),
    );
    const device = await env.call('/api/device/add', { name: 'bench' }, sup);
    const hook = new URL(device.webhook_url).pathname;
    await sleep(1100); // the phone's receive time has whole seconds

    // SMS at a fixed rate, each to its own link, whose read is opened 200 ms before its SMS is due.
    const round: number[] = [];
    const readable: number[] = [];
    let wrong = 0;
    const reads = new Map<number, Promise<{ text: string; at: number }>>();
    const cpuBefore = await env.server.cpu();
    const openReads = openLoop(SMS, async (i) => {
      reads.set(i, waitFor(env.base, smsLinks[i].token));
    });
    await sleep(200);
    const { seconds, late } = await openLoop(SMS, async (i) => {
      const link = smsLinks[i];
      const code = String(100000 + i);
      const req = defaultFormRequest(
        {
          from: '+8610690000',
          text: `【Telegram】验证码 ${code}，请勿泄露`,
          simInfo: `SIM1_${link.identifier}`,
          receiveTime: localTime(Date.now()),
        },
        device.secret,
        nextStamp(),
      );
      const sentAt = performance.now();
      const read = reads.get(i) ?? waitFor(env.base, link.token);
      await fetchRetry(env.base + hook, { method: 'POST', headers: { 'content-type': req.contentType }, body: req.body });
      round.push(performance.now() - sentAt);
      const got = await read;
      if (got.text !== `STATUS_OK:${code}`) wrong++;
      readable.push(got.at - sentAt);
    });
    await openReads;
    const cpu = (await env.server.cpu()) - cpuBefore;

    // Mail: one SMTP session per mail, one after another.
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: env.smtpPort, secure: false, ignoreTLS: true });
    const mailReadable: number[] = [];
    let mailWrong = 0;
    for (let i = 0; i < MAILS; i++) {
      const link = mailLinks[i];
      const read = waitFor(env.base, link.token);
      await sleep(5);
      const code = String(200000 + i);
      const sentAt = performance.now();
      await transport.sendMail({
        from: 'noreply@bench.test',
        to: link.identifier,
        subject: 'Your code',
        html: `<p>Your verification code is <b>${code}</b></p>`,
      });
      const got = await read;
      if (got.text !== `STATUS_OK:${code}`) mailWrong++;
      mailReadable.push(got.at - sentAt);
    }
    transport.close();

    return [
      `\n接码入口 (code intake) on ${kind}, server in a child process: ${SMS} SMS at ${RATE}/s open loop (sent over ${seconds.toFixed(1)} s, generator late p99 ${ms(pct(late, 99))}), ${MAILS} mails`,
      `  webhook HTTP round trip              p50 ${ms(pct(round, 50))}   p99 ${ms(pct(round, 99))}`,
      `  webhook in -> code readable          p50 ${ms(pct(readable, 50))}   p99 ${ms(pct(readable, 99))}   wrong ${wrong}`,
      `  server CPU per SMS (webhook + its read)  ${ms((cpu * 1000) / SMS)}`,
      `  SMTP in -> code readable             p50 ${ms(pct(mailReadable, 50))}   p99 ${ms(pct(mailReadable, 99))}   wrong ${mailWrong}`,
      `  requests retried after a network error: ${retried.count}`,
      '  target: webhook -> readable p99 <= 50 ms at 200/s; SMTP -> readable p99 <= 200 ms',
    ];
  } finally {
    env.close();
  }
}

const shanghai = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});
/** A time as the phone's SmsForwarder writes it: Shanghai wall clock, to the second. */
export function localTime(t: number): string {
  return shanghai.format(t);
}

export async function benchIntake(): Promise<void> {
  const out = [
    `\nload average: ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
    await baseline('bench-secret'),
  ];
  out.push(...(await run('sqlite')));
  if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) out.push(...(await run('postgres')));
  process.stdout.write(`${out.join('\n')}\n`);
}

if (import.meta.filename === process.argv[1]) {
  if (process.argv[2] === 'serve') await serve(process.argv[3]);
  else await benchIntake();
}
