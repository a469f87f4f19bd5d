/**
 * Scale, as production runs it: `server/main.ts` processes behind a real nginx (round robin) on a
 * PostgreSQL cluster of the bench's own (initdb into a temp dir, default durability), in one run:
 *
 * 1. Through nginx, with one process and then with two: purchases per second (each buyer its own
 *    session and keep-alive connection, one link per purchase), code reads per second
 *    (`GET /api/code/<token>` over seeded links), SmsForwarder webhook posts (each signed, each its
 *    own message) with their p99, and the sup's difference after each round.
 * 2. 10,000 `?wait=60` long polls held by one process (straight to it: nginx would hold two sockets
 *    per poll): that process's memory (RSS) before and while they wait, how long a code takes from
 *    its webhook post (through nginx, so to either process) to its reader's answer, and the p99 of
 *    other requests to that process while the polls wait against without them.
 *
 * Prints figures and ratios; asserts nothing. Needs Debian's nginx and PostgreSQL server packages.
 *
 *   SCALE_SECONDS per measure (default 10)   SCALE_CONNECTIONS (64)   SCALE_WEBHOOK_CONNECTIONS (16)
 *   SCALE_POLLS (10000; 0 skips part 2)   SCALE_WAKES (200)
 *   SCALE_PG_SETTINGS: PostgreSQL settings for the cluster, e.g. `synchronous_commit=off,shared_buffers=256MB`
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { load, perSecond, type Child, type Load } from './server.js';
import { seedBuyers, seedScale, linkToken } from './seed.js';
import { connect } from '../server/platform/db/connection.js';
import { migrate } from '../server/schema/migrate.js';
import { ensureFirstSup } from '../server/accounts/first-sup.js';
import { startPgCluster, type PgCluster } from '../tests/helpers/pg-cluster.js';
import { startNginx, type Nginx } from '../tests/helpers/nginx.js';
import { appProcess, ROOT, type AppProcess } from '../tests/helpers/app-process.js';
import { freePort, until } from '../tests/helpers/ports.js';
import { defaultFormRequest } from '../tests/helpers/smsforwarder-app.js';
import { localTime } from '../tests/helpers/server.js';

const SECONDS = Number(process.env.SCALE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.SCALE_CONNECTIONS ?? 64);
const WEBHOOK_CONNECTIONS = Number(process.env.SCALE_WEBHOOK_CONNECTIONS ?? 16);
const POLLS = Number(process.env.SCALE_POLLS ?? 10_000);
const WAKES = Number(process.env.SCALE_WAKES ?? 200);
const SUP_PASSWORD = 'Bench-pass-1234';

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A port to aim `load` at (nginx or a process); the CPU figure is not used here. */
const target = (port: number): Child => ({ port, info: null, cpu: async () => 0, stop: () => undefined });
const okEnvelope = (status: number, body: string) => status === 200 && body.startsWith('{"code":200');

/** The resident memory of a process, in MB (Linux). */
function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return kb / 1024;
}

/** CPU seconds one process has used (and its children that ended). */
function ownCpu(pid: number): number {
  const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
}

/** CPU seconds a process and its descendants have used (those that ended are counted in their parent). */
function treeCpu(rootPid: number): number {
  const procs = new Map<number, { ppid: number; cpu: number }>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const text = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(d), { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100 });
    } catch {
      /* ended meanwhile */
    }
  }
  const within = (pid: number): boolean => pid === rootPid || (pid > 1 && procs.has(pid) && within(procs.get(pid)!.ppid));
  let sum = 0;
  for (const [pid, p] of procs) if (within(pid)) sum += p.cpu;
  return sum;
}

/** Where the CPU goes during a measure: the app processes, PostgreSQL, nginx, this load generator. */
function cpuMeter(w: World, nginx: Nginx) {
  const postmaster = Number(fs.readFileSync(path.join(w.cluster.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const nginxPid = Number(fs.readFileSync(path.join(nginx.dir, 'nginx.pid'), 'utf8').trim());
  const read = () => ({
    // The node processes themselves (a child they spawned, such as tsx's esbuild, would come and go).
    app: w.procs.reduce((n, p) => n + (p.pid ? ownCpu(p.pid) : 0), 0),
    postgres: treeCpu(postmaster),
    nginx: treeCpu(nginxPid),
    load: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  });
  const before = read();
  return () => {
    const after = read();
    return {
      app: after.app - before.app,
      postgres: after.postgres - before.postgres,
      nginx: after.nginx - before.nginx,
      load: after.load - before.load,
    };
  };
}
type Cpu = ReturnType<ReturnType<typeof cpuMeter>>;

interface World {
  cluster: PgCluster;
  dataDir: string;
  procs: AppProcess[];
  supToken: string;
  goodsId: number;
  buyers: { token: string }[];
  customerToken: string;
  /** Seeded links: every one is read in the code-read round; the active ones take the long polls. */
  links: { token: string; identifier: string; active: boolean }[];
  device: { path: string; secret: string };
}

async function setUp(): Promise<World> {
  const settings = Object.fromEntries(
    (process.env.SCALE_PG_SETTINGS ?? '')
      .split(',')
      .filter(Boolean)
      .map((kv) => kv.split('=') as [string, string]),
  );
  const cluster = await startPgCluster({ settings });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-scale-data-'));
  // Seeded before the servers start (set-based SQL): links for the reads and the polls, buyers with money.
  const database = await connect({ databaseUrl: cluster.url, dataDir });
  await migrate(database.db, database.dialect, { dataDir });
  const now = Date.now();
  await ensureFirstSup(database.db, 'admin', SUP_PASSWORD, now - 86_400_000);
  const orders = Math.ceil(POLLS * 1.5) + 3 * WAKES + 300;
  const scale = await seedScale(database, { customers: 100, orders, spanMs: 3_600_000, now, sessions: 5 });
  const buyers = await seedBuyers(database, { buyers: CONNECTIONS, stock: 200_000, now });
  await database.close();
  const links = Array.from({ length: orders }, (_, i) => ({
    token: linkToken(i + 1),
    identifier: `86${13800000000 + i + 1}`,
    active: (i + 1) % 3 !== 0,
  }));

  const ports = [await freePort(), await freePort()];
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: cluster.url,
    STATIC_DIR: path.join(ROOT, 'dist'),
    LOG_LEVEL: 'warn',
    SMTP_PORT: '0',
    TRUST_PROXY: '1',
    BACKUP_INTERVAL_HOURS: '0',
    CODE_RATE_PER_ADDRESS: '1000000000',
    CODE_RATE_PER_TOKEN: '1000000',
  };
  const procs = ports.map((port) => appProcess(port, env));
  await procs[0].start();
  const device = await call(procs[0].url, '/api/device/add', { name: '基准手机' }, buyers.supToken);
  return {
    cluster,
    dataDir,
    procs,
    supToken: buyers.supToken,
    goodsId: buyers.goodsId,
    buyers: buyers.buyers,
    customerToken: scale.customers[0].token,
    links,
    device: { path: new URL(device.webhook_url).pathname, secret: device.secret },
  };
}

async function call(base: string, p: string, body: unknown, token: string) {
  const res = await fetch(base + p, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the bench reads arbitrary JSON answers of every API
  const json = (await res.json()) as any;
  if (json.code !== 200) throw new Error(`${p}: ${json.code} ${json.message}`);
  return json.data;
}

/**
 * Each SMS signed with its own timestamp (a pair seen twice with other text is a replay), to one of
 * the numbers the purchases take (seedBuyers' stock, taken in order): most reach a bought link.
 */
function smsRequests(w: World) {
  let seq = 0;
  const base = Date.now();
  return () => {
    const i = seq++;
    const req = defaultFormRequest(
      {
        from: '+8610690000',
        text: `【基准】验证码 ${String(100000 + (i % 900000))}，第 ${i} 条`,
        simInfo: `SIM1_86${15000000001 + (i % 50_000)}`,
        receiveTime: localTime(Date.now()),
        deviceMark: 'Bench',
      },
      w.device.secret,
      base + i,
    );
    return (
      `POST ${w.device.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${req.contentType}\r\n` +
      `Content-Length: ${Buffer.byteLength(req.body)}\r\n\r\n${req.body}`
    );
  };
}

interface Round {
  purchases: Load;
  purchaseCpu: Cpu;
  reads: Load;
  webhooks: Load;
  diff: number;
}

/** One configuration through nginx: purchases, code reads, webhooks, then the difference. */
async function round(w: World, nginx: Nginx, sms: () => string): Promise<Round> {
  const body = JSON.stringify({ goods_id: w.goodsId, quantity: 1 });
  const buy = (n: number) =>
    `POST /api/order/buy HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${w.buyers[n % w.buyers.length].token}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
  let next = 0;
  const read = () => `GET /api/code/${w.links[next++ % w.links.length].token} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
  const via = target(nginx.port);
  await load(via, buy, 2, okEnvelope, CONNECTIONS);
  const meter = cpuMeter(w, nginx);
  const purchases = await load(via, buy, SECONDS, okEnvelope, CONNECTIONS);
  const purchaseCpu = meter();
  await load(via, read, 1, okEnvelope, CONNECTIONS);
  const reads = await load(via, read, SECONDS, okEnvelope, CONNECTIONS);
  const webhooks = await load(via, sms, SECONDS, (status) => status === 200, WEBHOOK_CONNECTIONS);
  const stats = await call(nginx.url, '/api/statistics/index', undefined, w.supToken);
  return { purchases, purchaseCpu, reads, webhooks, diff: stats.admin.diff };
}

interface Polls {
  rssBefore: number;
  rssHeld: number;
  held: number;
  wakes: number[];
  without: Load;
  during: Load;
  early: number;
}

/** POLLS long polls held by process 0, woken one by one by an SMS through nginx. */
async function longPolls(w: World, nginx: Nginx): Promise<Polls> {
  const proc = w.procs[0];
  const info = `POST /api/user/info HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${w.customerToken}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
  const direct = target(proc.port);
  await load(direct, info, 1, okEnvelope, 10);
  const without = await load(direct, info, 5, okEnvelope, 10);
  await sleep(1000);
  const rssBefore = rssMb(proc.pid!);

  const active = w.links.filter((l) => l.active).slice(0, POLLS);
  const answered = new Map<string, (at: number) => void>();
  const sockets: net.Socket[] = [];
  let early = 0;
  const open = (link: { token: string }) =>
    new Promise<void>((resolve, reject) => {
      const socket = net.connect(proc.port, '127.0.0.1', () => {
        socket.write(`GET /api/code/${link.token}?wait=60 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
        resolve();
      });
      socket.once('data', () => {
        const done = answered.get(link.token);
        if (done) done(performance.now());
        else early += 1;
      });
      socket.on('error', reject);
      sockets.push(socket);
    });
  // In batches: the server's accept queue is finite.
  for (let i = 0; i < active.length; i += 250) await Promise.all(active.slice(i, i + 250).map(open));
  const held = await until(
    'the long polls waiting',
    async () => {
      const text = await (await fetch(`${proc.url}/metrics`)).text();
      const n = Number(/^long_polls_open\s+(\d+)/m.exec(text)?.[1] ?? NaN);
      if (!Number.isFinite(n)) return -1; // no gauge: trust the sockets
      return n >= active.length ? n : undefined;
    },
    120_000,
    200,
  );
  await sleep(1000);
  const rssHeld = rssMb(proc.pid!);
  const during = await load(direct, info, 5, okEnvelope, 10);

  // The polls opened last have the most of their 60 s left: wake those, a few at a time.
  const targets = active.slice(-WAKES);
  const wakes: number[] = [];
  let seq = 0;
  const wake = async (link: { token: string; identifier: string }) => {
    const reader = new Promise<number>((resolve) => answered.set(link.token, resolve));
    const ts = Date.now() + (seq++ % 1000);
    const req = defaultFormRequest(
      {
        from: '+8610690000',
        text: `【基准】验证码 ${String(200000 + seq)}`,
        simInfo: `SIM1_${link.identifier}`,
        receiveTime: localTime(Date.now()),
        deviceMark: 'Bench',
      },
      w.device.secret,
      ts,
    );
    const sent = performance.now();
    await fetch(nginx.url + w.device.path, { method: 'POST', headers: { 'content-type': req.contentType }, body: req.body });
    wakes.push((await reader) - sent);
  };
  for (let i = 0; i < targets.length; i += 10) await Promise.all(targets.slice(i, i + 10).map(wake));
  for (const s of sockets) s.destroy();
  return { rssBefore, rssHeld, held: held < 0 ? active.length : held, wakes, without, during, early };
}

export async function benchScale(): Promise<void> {
  const w = await setUp();
  const nginxes: Nginx[] = [];
  try {
    const sms = smsRequests(w);
    const one = await startNginx({ upstreams: [w.procs[0].port] });
    nginxes.push(one);
    const single = await round(w, one, sms);
    await w.procs[1].start();
    const two = await startNginx({ upstreams: w.procs.map((p) => p.port) });
    nginxes.push(two);
    const double = await round(w, two, sms);
    const polls = POLLS > 0 ? await longPolls(w, two) : null;

    const f0 = (x: number) => x.toFixed(0).padStart(12);
    const ms = (x: number) => `${x.toFixed(1)} ms`.padStart(12);
    const ratio = (a: number, b: number) => (b / a).toFixed(2).padStart(8);
    const bad = (r: Round) => [r.purchases, r.reads, r.webhooks].reduce((n, l) => n + l.errors, 0);
    process.stdout.write(
      [
        `\n规模 (scale): nginx round robin in front of server/main.ts processes, PostgreSQL (a private cluster, ` +
          `${process.env.SCALE_PG_SETTINGS || 'default settings'}), ` +
          `${CONNECTIONS} connections (${WEBHOOK_CONNECTIONS} for webhooks), ${SECONDS} s per measure, ${os.availableParallelism()} cores shared by all`,
        `  ${''.padEnd(24)}${'1 process'.padStart(12)}${'2 processes'.padStart(12)}   ratio`,
        `  ${'purchases/s'.padEnd(24)}${f0(perSecond(single.purchases))}${f0(perSecond(double.purchases))}${ratio(perSecond(single.purchases), perSecond(double.purchases))}`,
        `  ${'  purchase p99'.padEnd(24)}${ms(single.purchases.p99)}${ms(double.purchases.p99)}`,
        `  ${'code reads/s'.padEnd(24)}${f0(perSecond(single.reads))}${f0(perSecond(double.reads))}${ratio(perSecond(single.reads), perSecond(double.reads))}`,
        `  ${'webhook posts/s'.padEnd(24)}${f0(perSecond(single.webhooks))}${f0(perSecond(double.webhooks))}${ratio(perSecond(single.webhooks), perSecond(double.webhooks))}`,
        `  ${'webhook p99'.padEnd(24)}${ms(single.webhooks.p99)}${ms(double.webhooks.p99)}`,
        `  ${'difference after'.padEnd(24)}${f0(single.diff)}${f0(double.diff)}`,
        `  ${'bad answers'.padEnd(24)}${f0(bad(single))}${f0(bad(double))}`,
        '  target: two processes >= 1,000 purchases/s with a difference of 0',
        ...[single, double].map((r, i) => cpuLine(r, i + 1)),
        ...(polls ? pollLines(polls) : []),
      ].join('\n') + '\n',
    );
  } finally {
    for (const n of nginxes) await n.stop();
    for (const p of w.procs) await p.stop();
    await w.cluster.destroy();
    fs.rmSync(w.dataDir, { recursive: true, force: true });
  }
}

/** CPU time per purchase by part, and the rate all the machine's cores would allow at that cost. */
function cpuLine(r: Round, processes: number): string {
  const n = r.purchases.requests;
  const per = (x: number) => `${((x * 1000) / n).toFixed(2)} ms`;
  const c = r.purchaseCpu;
  const total = c.app + c.postgres + c.nginx + c.load;
  return (
    `  CPU per purchase, ${processes} process${processes > 1 ? 'es' : ''}: app ${per(c.app)}, PostgreSQL ${per(c.postgres)}, ` +
    `nginx ${per(c.nginx)}, load generator ${per(c.load)} = ${per(total)}; ${os.availableParallelism()} idle cores would allow ` +
    `${((os.availableParallelism() * n) / total).toFixed(0)} purchases/s`
  );
}

/** Memory, wake-up time and the other requests' latency while the long polls wait. */
function pollLines(polls: Polls): string[] {
  return [
    `\n长轮询 (long polls): ${polls.held} ?wait=60 reads held by one process` +
      (polls.early ? ` (${polls.early} answered before their code!)` : ''),
    `  RSS ${polls.rssBefore.toFixed(0)} MB before, ${polls.rssHeld.toFixed(0)} MB while held ` +
      `(+${(polls.rssHeld - polls.rssBefore).toFixed(0)} MB, ${(((polls.rssHeld - polls.rssBefore) * 1024) / Math.max(1, polls.held)).toFixed(1)} KB per poll)   target: < 500 MB`,
    `  a code wakes its reader (webhook post through nginx -> the reader's answer), ${polls.wakes.length} codes: ` +
      `p50 ${pct(polls.wakes, 50).toFixed(1)} ms, p99 ${pct(polls.wakes, 99).toFixed(1)} ms, max ${Math.max(...polls.wakes).toFixed(1)} ms   target: p99 <= 100 ms`,
    `  other requests (POST /api/user/info, 10 connections) to that process: p99 ${polls.without.p99.toFixed(2)} ms without, ` +
      `${polls.during.p99.toFixed(2)} ms while the polls wait (${(polls.during.p99 / polls.without.p99).toFixed(2)}x); ` +
      `${perSecond(polls.without).toFixed(0)} vs ${perSecond(polls.during).toFixed(0)} req/s`,
  ];
}

if (import.meta.filename === process.argv[1]) await benchScale();
