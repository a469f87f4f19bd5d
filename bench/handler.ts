/**
 * SMS-Activate getStatus (`/stubs/handler_api.php?action=getStatus`), the call scripts make about
 * once a second per activation:
 * 1. 1,000 activations polled once a second each, as scripts do (requests spread evenly, 100
 *    keep-alive connections): latency from the moment a poll was due to its answer (a poll that
 *    waits for its connection counts that wait), and the server's CPU for that load.
 * 2. Throughput of getStatus, and of the 5sim API's check (`GET /v1/user/check/<id>` with the key
 *    as a Bearer token, the same poll in 5sim's protocol), against a Fastify hello world in the same
 *    run (10 connections, best of a few rounds), on links spread over 100,000.
 * The API server runs on a seeded SQLite file in a child process (bench/scale-server.ts); the key is
 * made through the console's call. Prints figures; asserts nothing.
 *
 *   HANDLER_ACTIVATIONS (1000)  HANDLER_LINKS (100000)  HANDLER_POLL_SECONDS (10)  BENCH_SECONDS (3)  BENCH_ROUNDS (3)
 */
import net from 'node:net';
import path from 'node:path';
import { bestRounds, child, table, type Child, type Target } from './server.js';

const ACTIVATIONS = Number(process.env.HANDLER_ACTIVATIONS ?? 1000);
const LINKS = Number(process.env.HANDLER_LINKS ?? 100_000);
const POLL_SECONDS = Number(process.env.HANDLER_POLL_SECONDS ?? 10);
const POLL_CONNECTIONS = 100;

const getStatus = (key: string, id: number) =>
  `GET /stubs/handler_api.php?api_key=${key}&action=getStatus&id=${id} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;
const isStatus = (status: number, body: string) => status === 200 && /^STATUS_(WAIT_CODE|OK:\d+)$/.test(body);
const fiveSimCheck = (key: string, id: number) =>
  `GET /v1/user/check/${id} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\nAuthorization: Bearer ${key}\r\n\r\n`;
const isOrder = (status: number, body: string) => status === 200 && /^\{"id":\d+,"phone":"\+\d+"/.test(body);

export async function benchHandler(): Promise<void> {
  const hello = await child('hello');
  const app = await child('sqlite', path.join(import.meta.dirname, 'scale-server.ts'), {
    SCALE_ORDERS: String(LINKS),
    SCALE_CUSTOMERS: '100',
    SCALE_SPAN_DAYS: '1',
  });
  try {
    const { key, ids } = await keyAndActivations(app);
    const polled = await pollEverySecond(app, key, ids, POLL_SECONDS);
    const ms = (v: number) => `${v.toFixed(2)} ms`;
    const out = [
      `\nSMS-Activate getStatus: ${ACTIVATIONS.toLocaleString('en-US')} activations polled once a second each, ${POLL_SECONDS} s, ` +
        `${POLL_CONNECTIONS} connections, ${LINKS.toLocaleString('en-US')} links on SQLite`,
      `  polls ${polled.requests}  answered/s ${polled.perSecond.toFixed(0)}  p50 ${ms(polled.p50)}  p99 ${ms(polled.p99)}  ` +
        `max ${ms(polled.max)}  server CPU ${(polled.cpuShare * 100).toFixed(0)}% of a core${polled.errors ? `  ${polled.errors} bad answers!` : ''}`,
    ];
    // The heavy customer's links are every tenth one: a random one of them per request.
    const anyId = () => ids[Math.floor(Math.random() * ids.length)];
    const targets: Target[] = [
      {
        name: 'hello world  GET /hello',
        server: hello,
        request: 'GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
        good: (status) => status === 200,
      },
      { name: 'handler_api getStatus', server: app, request: () => getStatus(key, anyId()), good: isStatus },
      { name: '5sim /v1/user/check', server: app, request: () => fiveSimCheck(key, anyId()), good: isOrder },
    ];
    out.push(
      `  getStatus and 5sim check throughput, 10 connections, best of ${process.env.BENCH_ROUNDS ?? 3} rounds:`,
      ...table(targets, await bestRounds(targets)),
    );
    out.push('  target: p99 well under the 1 s poll interval; throughput ratio >= 0.50 against the hello world, for each');
    process.stdout.write(`${out.join('\n')}\n`);
  } finally {
    hello.stop();
    app.stop();
  }
}

/** The heavy buyer's key (made through the console's call) and the ids of its first activations. */
async function keyAndActivations(app: Child): Promise<{ key: string; ids: number[] }> {
  const { heavy } = app.info as { heavy: { id: number; token: string } };
  const res = await fetch(`http://127.0.0.1:${app.port}/api/apikey/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${heavy.token}` },
    body: '{}',
  });
  const made = (await res.json()) as { code: number; message: string; data: { key: string } };
  if (made.code !== 200) throw new Error(`apikey/create: ${made.message}`);
  // bench/seed.ts gives every tenth order (and its link) to the heavy buyer.
  const ids = Array.from({ length: Math.min(ACTIVATIONS, Math.floor(LINKS / 10)) }, (_, i) => (i + 1) * 10);
  const check = await fetch(
    `http://127.0.0.1:${app.port}/stubs/handler_api.php?api_key=${made.data.key}&action=getStatus&id=${ids[ids.length - 1]}`,
  );
  const word = await check.text();
  if (!isStatus(check.status, word)) throw new Error(`getStatus of a seeded activation answered ${word}`);
  const order = await fetch(`http://127.0.0.1:${app.port}/v1/user/check/${ids[0]}`, {
    headers: { authorization: `Bearer ${made.data.key}` },
  });
  const text = await order.text();
  if (!isOrder(order.status, text)) throw new Error(`5sim check of a seeded activation answered ${order.status} ${text}`);
  return { key: made.data.key, ids };
}

interface Polled {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  cpuShare: number;
}

/**
 * Each activation polls once a second, the activations' polls spread evenly over the second. A poll
 * is due at its time whatever happened before (no waiting for the previous answer to schedule the
 * next), so a slow server shows as latency instead of as fewer polls.
 */
async function pollEverySecond(server: Child, key: string, ids: number[], seconds: number): Promise<Polled> {
  const latencies: number[] = [];
  let errors = 0;
  const connections = await Promise.all(
    Array.from({ length: POLL_CONNECTIONS }, () =>
      connect(server.port, (dueAt, status, body) => {
        latencies.push(performance.now() - dueAt);
        if (!isStatus(status, body)) errors += 1;
      }),
    ),
  );
  const cpuBefore = await server.cpu();
  const interval = 1000 / ids.length;
  const start = performance.now() + 50;
  const end = start + seconds * 1000;
  let next = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      for (let due = start + next * interval; due <= now && due < end; due = start + ++next * interval) {
        const id = ids[next % ids.length];
        connections[next % connections.length].send(getStatus(key, id), due);
      }
      if (start + next * interval < end) setTimeout(tick, 1);
      else resolve();
    };
    setTimeout(tick, 50);
  });
  await Promise.all(connections.map((c) => c.drained()));
  const cpu = (await server.cpu()) - cpuBefore;
  connections.forEach((c) => c.close());
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  const wall = (performance.now() - start) / 1000;
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies[latencies.length - 1] ?? NaN,
    errors,
    cpuShare: cpu / wall,
  };
}

/** A keep-alive connection sending one request at a time, queueing the ones that come due meanwhile. */
async function connect(port: number, answered: (dueAt: number, status: number, body: string) => void) {
  const socket = net.connect({ port, host: '127.0.0.1' });
  socket.setNoDelay(true);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const queue: { request: string; dueAt: number }[] = [];
  let inFlight: number | null = null;
  let buffer = Buffer.alloc(0);
  let idle: (() => void) | null = null;
  const pump = () => {
    const item = queue.shift();
    if (!item) {
      inFlight = null;
      idle?.();
      return;
    }
    inFlight = item.dueAt;
    socket.write(item.request);
  };
  socket.on('data', (chunk) => {
    buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
    for (;;) {
      const end = buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = buffer.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffer.length < end + 4 + length) return;
      const body = buffer.subarray(end + 4, end + 4 + length).toString();
      buffer = buffer.subarray(end + 4 + length);
      answered(inFlight ?? performance.now(), Number(head.slice(9, 12)), body);
      pump();
    }
  });
  return {
    send(request: string, dueAt: number) {
      queue.push({ request, dueAt });
      if (inFlight === null) pump();
    },
    drained: () =>
      new Promise<void>((resolve) => {
        if (inFlight === null && !queue.length) resolve();
        else idle = resolve;
      }),
    close: () => socket.destroy(),
  };
}

if (import.meta.filename === process.argv[1]) await benchHandler();
