/**
 * Code intake, end to end: an SMS posted to the webhook (SmsForwarder's default form, signed) at a
 * steady 200 messages/s, each to its own number, until the code is readable through the number's
 * link: a `?wait=30` read opened before the SMS answers with the code (the wake-up path). Then mail
 * through the SMTP receiver (nodemailer, one session per mail). The server runs in this process on
 * a fresh SQLite file (and on PostgreSQL too when BENCH_DATABASE_URL or TEST_DATABASE_URL is set);
 * the baseline is the webhook's own HTTP round trip measured in the same run. Prints figures; asserts nothing.
 *
 *   INTAKE_SMS (default 1000)   INTAKE_RATE (200 per second)   INTAKE_MAILS (100)
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { buildApp } from '../server/app.js';
import { connect, type Database } from '../server/db/connection.js';
import { migrate } from '../server/db/migrate.js';
import { readSettings } from '../server/env.js';
import { ensureFirstSup } from '../server/users/bootstrap.js';
import { defaultFormRequest } from '../tests/helpers/smsforwarder-app.js';

const SMS = Number(process.env.INTAKE_SMS ?? 1000);
const RATE = Number(process.env.INTAKE_RATE ?? 200);
const MAILS = Number(process.env.INTAKE_MAILS ?? 100);
const SUP_PASSWORD = 'Bench-pass-1234';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
const ms = (x: number) => `${x.toFixed(1)} ms`;
const sleep = (t: number) => new Promise((resolve) => setTimeout(resolve, t));

interface Env { base: string; call(p: string, body?: unknown, token?: string): Promise<any>; close(): Promise<void>; smtpPort: number }

async function start(kind: 'sqlite' | 'postgres'): Promise<Env> {
  let dir: string | undefined;
  let schema: string | undefined;
  let database: Database;
  const url = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
  if (kind === 'postgres') {
    schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
    database = await connect({ databaseUrl: url, dataDir: '', schema, readCacheMs: 1000 });
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-intake-'));
    database = await connect({ dataDir: dir, readCacheMs: 1000 });
  }
  await migrate(database.db, database.dialect);
  await ensureFirstSup(database.db, 'admin', SUP_PASSWORD, Date.now());
  const settings = {
    ...readSettings({}), dataDir: dir ?? os.tmpdir(), authRatePerMinute: 1_000_000,
    codeRatePerAddress: 100_000_000, codeRatePerToken: 1_000_000,
  };
  const app = await buildApp({ settings, database, logger: false, smtp: { port: 0, host: '127.0.0.1' } });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const call = async (p: string, body?: unknown, token?: string) => {
    const res = await fetch(base + p, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await res.json() as any;
    if (json.code !== 200) throw new Error(`${p}: ${json.code} ${json.message}`);
    return json.data;
  };
  return {
    base, call, smtpPort: app.smtpPort!,
    async close() {
      await app.close();
      if (schema) await database.db.schema.dropSchema(schema).ifExists().cascade().execute();
      await database.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Links for `lines` (numbers or mailboxes) of a new product, bought by one customer. */
async function links(env: Env, sup: string, buyer: string, channel: 'sms' | 'mail', lines: string[]) {
  const goods = await env.call('/api/goods/add', {
    title: `bench ${channel}`, channel, service: channel === 'sms' ? 'tg' : 'ds', price: 0.01, valid_hours: 24, receive_limit: 1, max_qty: 1000,
  }, sup);
  await env.call('/api/stock/import', { goods_id: goods.id, text: lines.join('\n') }, sup);
  const out: { token: string; identifier: string }[] = [];
  while (out.length < lines.length) {
    const n = Math.min(1000, lines.length - out.length);
    out.push(...(await env.call('/api/order/buy', { goods_id: goods.id, quantity: n }, buyer)).tokens);
  }
  return out;
}

let retries = 0;
/** A request again once after a network error (a reused keep-alive socket the server had just closed), as the app retries. */
async function fetchRetry(url: string, init?: RequestInit): Promise<string> {
  try {
    return await (await fetch(url, init)).text();
  } catch {
    retries++;
    return (await fetch(url, init)).text();
  }
}

const waitFor = (base: string, token: string) =>
  fetchRetry(`${base}/api/code/${token}?wait=30&format=text`).then((text) => ({ text, at: performance.now() }));

async function run(kind: 'sqlite' | 'postgres'): Promise<string[]> {
  retries = 0;
  const env = await start(kind);
  try {
    const sup = (await env.call('/api/user/login', { username: 'admin', password: SUP_PASSWORD })).token;
    const customer = await env.call('/api/user/add', { username: 'bench_buyer', password: 'Bench-buyer-1' }, sup);
    await env.call('/api/user/money', { id: customer.id, amount: 10_000, remark: 'bench' }, sup);
    const buyer = (await env.call('/api/user/login', { username: 'bench_buyer', password: 'Bench-buyer-1' })).token;
    const numbers = Array.from({ length: SMS }, (_, i) => `+86139${String(i).padStart(8, '0')}`);
    const smsLinks = await links(env, sup, buyer, 'sms', numbers);
    const mailLinks = await links(env, sup, buyer, 'mail', Array.from({ length: MAILS }, (_, i) => `bench-${i}@mail.bench.test`));
    const device = await env.call('/api/device/add', { name: 'bench' }, sup);
    const hook = new URL(device.webhook_url).pathname;
    await sleep(1100); // the phone's receive time has whole seconds

    // SMS at a steady rate; each link's read is open before its SMS is sent.
    const round: number[] = [];
    const readable: number[] = [];
    let wrong = 0;
    const started = performance.now();
    const jobs: Promise<void>[] = [];
    for (let i = 0; i < SMS; i++) {
      const due = started + (i * 1000) / RATE;
      const link = smsLinks[i];
      jobs.push((async () => {
        await sleep(Math.max(0, due - 200 - performance.now()));
        const read = waitFor(env.base, link.token);
        await sleep(Math.max(0, due - performance.now()));
        const code = String(100000 + i);
        const req = defaultFormRequest({ from: '+8610690000', text: `【Telegram】验证码 ${code}，请勿泄露`, simInfo: `SIM1_${link.identifier}`, receiveTime: localTime(Date.now()) }, device.secret, Date.now());
        const sentAt = performance.now();
        await fetchRetry(env.base + hook, { method: 'POST', headers: { 'content-type': req.contentType }, body: req.body });
        round.push(performance.now() - sentAt);
        const got = await read;
        if (got.text !== `STATUS_OK:${code}`) wrong++;
        readable.push(got.at - sentAt);
      })());
    }
    await Promise.all(jobs);
    const seconds = (performance.now() - started) / 1000;

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
      await transport.sendMail({ from: 'noreply@bench.test', to: link.identifier, subject: 'Your code', html: `<p>Your verification code is <b>${code}</b></p>` });
      const got = await read;
      if (got.text !== `STATUS_OK:${code}`) mailWrong++;
      mailReadable.push(got.at - sentAt);
    }
    transport.close();

    return [
      `\n接码入口 (code intake) on ${kind}: ${SMS} SMS at ${RATE}/s (sent over ${seconds.toFixed(1)} s), ${MAILS} mails`,
      `  webhook HTTP round trip (baseline)   p50 ${ms(pct(round, 50))}   p99 ${ms(pct(round, 99))}`,
      `  webhook in -> code readable         p50 ${ms(pct(readable, 50))}   p99 ${ms(pct(readable, 99))}   ratio p99/baseline p99 ${(pct(readable, 99) / pct(round, 99)).toFixed(2)}   wrong ${wrong}`,
      `  SMTP in -> code readable            p50 ${ms(pct(mailReadable, 50))}   p99 ${ms(pct(mailReadable, 99))}   wrong ${mailWrong}`,
      `  requests retried after a network error: ${retries}`,
      '  target: webhook -> readable p99 <= 50 ms at 200/s; SMTP -> readable p99 <= 200 ms',
    ];
  } finally {
    await env.close();
  }
}

function localTime(t: number): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(t);
}

export async function benchIntake(): Promise<void> {
  const out = await run('sqlite');
  if (process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL) out.push(...await run('postgres'));
  process.stdout.write(`${out.join('\n')}\n`);
}

if (import.meta.filename === process.argv[1]) await benchIntake();
