/**
 * Selling to aggregators (the SMSHUB agent protocol, docs/agents.md): 20,000 numbers in stock on 100
 * phones (a tenth of them switched off, so the counts filter for real), offered under four services.
 * An aggregator on loopback (this process) calls the server as SMSHUB does: GET_SERVICES latency,
 * GET_NUMBER latency (one at a time, then a few at once), and the push delay: SMS posted to the intake
 * webhook (SmsForwarder's signed form) for numbers it holds, at a fixed rate, open loop, until its
 * PUSH_SMS arrives. Server in a child process on a fresh SQLite file (and on PostgreSQL when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL is set). Prints figures; asserts nothing. Targets (the
 * issue's): GET_NUMBER p99 ≤ 100 ms, push delay p99 ≤ 100 ms.
 *
 *   AGENT_BENCH_NUMBERS (20000)  AGENT_BENCH_DEVICES (100)  AGENT_BENCH_CALLS (200 GET_SERVICES, 500 GET_NUMBER)
 *   AGENT_BENCH_SMS (500 pushes)  AGENT_BENCH_RATE (50 SMS per second)
 */
import { reportRuns, serveApp, startApp, SUP_PASSWORD } from './child-app.js';
import { fetchRetry, localTime, ms, nextStamp, openLoop, pct, percentiles, retried, sleep } from './intake.js';
import { receiver } from './receiver.js';
import { defaultFormRequest } from '../tests/helpers/smsforwarder-app.js';

const NUMBERS = Number(process.env.AGENT_BENCH_NUMBERS ?? 20_000);
const DEVICES = Number(process.env.AGENT_BENCH_DEVICES ?? 100);
const CALLS = Number(process.env.AGENT_BENCH_CALLS ?? 0);
const SERVICES_CALLS = CALLS || 200;
const NUMBER_CALLS = CALLS || 500;
const SMS = Number(process.env.AGENT_BENCH_SMS ?? 500);
const RATE = Number(process.env.AGENT_BENCH_RATE ?? 50);
const KEY = 'bench-aggregator-key-0123456789';
const SERVICES = ['wa', 'tg', 'vk', 'go'];

async function timed<T>(f: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const at = performance.now();
  const value = await f();
  return { value, ms: performance.now() - at };
}

async function run(kind: 'sqlite' | 'postgres'): Promise<string[]> {
  retried.count = 0;
  const env = await startApp(kind, import.meta.filename);
  // The aggregator's push URL: when each SMS (by its text) arrived, answered SUCCESS at once.
  const push = await receiver('/push', 'text', '{"status":"SUCCESS"}', { 'content-type': 'application/json' });
  try {
    const sup = (await env.call('/api/user/login', { username: 'admin', password: SUP_PASSWORD })).token;
    const agg = await env.call('/api/aggregator/add', { name: 'bench hub', key: KEY, push_url: push.url }, sup);
    const endpoint = `${env.base}/api/agent/${agg.id}`;
    const agent = async (body: Record<string, unknown>) =>
      JSON.parse(
        await fetchRetry(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...body, key: KEY }),
        }),
      );

    // Stock: NUMBERS numbers over four products, bound to DEVICES phones in turn; a tenth of the phones off.
    const numbers = Array.from({ length: NUMBERS }, (_, i) => `79${String(100_000_000 + i)}`);
    const per = Math.ceil(NUMBERS / SERVICES.length);
    for (const [i, service] of SERVICES.entries()) {
      const goods = await env.call(
        '/api/goods/add',
        { title: `bench ${service}`, channel: 'sms', service, price: 0.01, valid_hours: 24, agent_sell: true },
        sup,
      );
      await env.call('/api/stock/import', { goods_id: goods.id, text: numbers.slice(i * per, (i + 1) * per).join('\n') }, sup);
    }
    const devices: { id: number; secret: string; path: string }[] = [];
    for (let d = 0; d < DEVICES; d++) {
      const device = await env.call('/api/device/add', { name: `bench ${d}` }, sup);
      devices.push({ id: device.id, secret: device.secret, path: new URL(device.webhook_url).pathname });
    }
    const deviceOf = new Map<string, (typeof devices)[number]>();
    for (const [d, device] of devices.entries()) {
      const mine = numbers.filter((_, i) => i % DEVICES === d);
      for (const n of mine) deviceOf.set(n, device);
      await env.call('/api/device/bind', { id: device.id, text: mine.join('\n') }, sup);
    }
    const off = devices.filter((_, d) => d % 10 === 9);
    for (const device of off) await env.call('/api/device/edit', { id: device.id, enabled: false }, sup);
    const offered = NUMBERS - numbers.filter((n) => off.includes(deviceOf.get(n)!)).length;

    // GET_SERVICES, one at a time (an aggregator asks every 10 to 20 s).
    const first = await agent({ action: 'GET_SERVICES' });
    const counted = first.countryList.flatMap((c: { operatorMap: Record<string, Record<string, number>> }) =>
      Object.values(c.operatorMap).flatMap((m) => Object.values(m)),
    );
    const total = counted.reduce((a: number, b: number) => a + b, 0);
    const services: number[] = [];
    for (let i = 0; i < SERVICES_CALLS; i++) services.push((await timed(() => agent({ action: 'GET_SERVICES' }))).ms);

    // GET_NUMBER, one at a time, then ten at once (each taken number held: the pushes below use them).
    const held: { number: string; activationId: number }[] = [];
    const take = async (i: number) => {
      const r = await timed(() =>
        agent({ action: 'GET_NUMBER', country: 'russia', operator: 'any', service: SERVICES[i % 4], sum: 20, currency: 643 }),
      );
      if (r.value.status === 'SUCCESS') held.push({ number: String(r.value.number), activationId: r.value.activationId });
      return r.ms;
    };
    const serial: number[] = [];
    for (let i = 0; i < NUMBER_CALLS; i++) serial.push(await take(i));
    const parallel: number[] = [];
    for (let i = 0; i < NUMBER_CALLS; i += 10) parallel.push(...(await Promise.all(Array.from({ length: 10 }, (_, k) => take(i + k)))));
    const missed = 2 * NUMBER_CALLS - held.length;

    // Push delay: SMS posted for held numbers by the phone each is bound to, open loop.
    await sleep(1100);
    const sentAt = new Map<string, number>();
    const cpuBefore = await env.server.cpu();
    const { late } = await openLoop(
      Math.min(SMS, held.length),
      async (i) => {
        const { number } = held[i];
        const device = deviceOf.get(number)!;
        const text = `WhatsApp code ${100000 + i}`;
        const req = defaultFormRequest(
          { from: 'WhatsApp', text, simInfo: `SIM1_+${number}`, receiveTime: localTime(Date.now()) },
          device.secret,
          nextStamp(),
        );
        sentAt.set(text, performance.now());
        await fetchRetry(env.base + device.path, { method: 'POST', headers: { 'content-type': req.contentType }, body: req.body });
      },
      RATE,
    );
    const drainStart = performance.now();
    while ([...sentAt.keys()].some((t) => !push.arrived.has(t)) && performance.now() - drainStart < 30_000) await sleep(50);
    const cpu = (await env.server.cpu()) - cpuBefore;
    const lag = [...sentAt].filter(([t]) => push.arrived.has(t)).map(([t, at]) => push.arrived.get(t)! - at);
    const line = (what: string, xs: number[]) => `  ${what}   ${percentiles(xs)}`;
    return [
      `\n代售给聚合平台 (SMSHUB agent protocol) on ${kind}, server in a child process: ${NUMBERS} numbers on ${DEVICES} phones (${off.length} switched off), ${SERVICES.length} services`,
      `  GET_SERVICES counts ${total} (expected ${offered}: the numbers on working phones)`,
      line(`GET_SERVICES x${SERVICES_CALLS}, one at a time:`, services),
      line(`GET_NUMBER x${NUMBER_CALLS}, one at a time:  `, serial),
      line(`GET_NUMBER x${NUMBER_CALLS}, ten at once:    `, parallel),
      `  GET_NUMBER answered NO_NUMBERS ${missed} times (target 0)`,
      line(`SMS in -> PUSH_SMS at the aggregator (${sentAt.size} at ${RATE}/s):`, lag.length ? lag : [NaN]),
      `  pushes arrived ${lag.length} of ${sentAt.size}; push requests ${push.requests()}; server CPU per SMS ${ms((cpu * 1000) / Math.max(1, sentAt.size))}; generator late p99 ${ms(pct(late, 99))}; retried ${retried.count}`,
    ];
  } finally {
    await push.close();
    env.server.stop();
  }
}

export async function benchAgent(): Promise<void> {
  await reportRuns(run);
}

if (import.meta.filename === process.argv[1]) {
  if (process.argv[2] === 'serve')
    await serveApp(process.argv[3], 'bench-agent-', { authRatePerMinute: 1_000_000, webhookAllowPrivate: true });
  else await benchAgent();
}
