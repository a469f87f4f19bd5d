/**
 * Customer webhooks under intake load: 1,000 customers with a webhook each, SMS posted to the intake
 * webhook (SmsForwarder's signed form) at a fixed 200/s, open loop, each to its own number (numbers
 * spread over the 1,000 customers). Measured twice on the same server: with every webhook switched off
 * (the baseline), then on: SMS in -> code readable (a `?wait=30` read opened 200 ms before), and with
 * webhooks on, SMS in -> the customer's endpoint has the event, and whether deliveries keep up (how many
 * arrived by the end of the sends, and how long the last ones took). The endpoint is a local HTTP server
 * in this process answering 200 at once. Server in a child process on a fresh SQLite file (and on
 * PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set). Prints figures; asserts nothing.
 *
 *   WEBHOOK_BENCH_SMS (default 2000 per phase)   WEBHOOK_BENCH_RATE (200 per second)   WEBHOOK_BENCH_CUSTOMERS (1000)
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../server/platform/db/connection.js';
import type { Settings } from '../server/env.js';
import { reportRuns, serveApp, startApp, SUP_PASSWORD } from './child-app.js';
import { fetchRetry, localTime, ms, nextStamp, openLoop, pct, percentiles, retried, sleep } from './intake.js';
import { receiver } from './receiver.js';
import { defaultFormRequest } from '../tests/helpers/smsforwarder-app.js';

const SMS = Number(process.env.WEBHOOK_BENCH_SMS ?? 2000);
const RATE = Number(process.env.WEBHOOK_BENCH_RATE ?? 200);
const CUSTOMERS = Number(process.env.WEBHOOK_BENCH_CUSTOMERS ?? 1000);
/** SMS sent first and not counted, so neither measured phase pays for the server's warm-up. */
const WARM = Math.min(SMS, 500);

/**
 * In the child: two bench-only routes that do in SQL what would take 1,000 logins through the API:
 * `/bench/spread` gives the bench's links to 1,000 new customers, each with a webhook endpoint to
 * `url`; `/bench/switch` turns every endpoint on or off.
 */
async function benchRoutes(app: FastifyInstance, database: Database, settings: Settings): Promise<void> {
  const { makeSecret } = await import('../server/webhooks/endpoints.js');
  const db = database.db;
  app.post('/bench/spread', { config: { access: 'public' } }, async (request) => {
    const { customers, url: hook, buyer } = request.body as { customers: number; url: string; buyer: number };
    const template = await db.selectFrom('users').selectAll().where('id', '=', buyer).executeTakeFirstOrThrow();
    const { id: _id, ...rest } = template as Record<string, unknown>;
    const ids: number[] = [];
    for (let i = 0; i < customers; i++) {
      const row = await db
        .insertInto('users')
        .values({ ...rest, username: `bench_hook_${i}` } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    const links = await db.selectFrom('tokens').select('id').where('user_id', '=', buyer).orderBy('id').execute();
    for (let i = 0; i < links.length; i++) {
      await db
        .updateTable('tokens')
        .set({ user_id: ids[i % ids.length] })
        .where('id', '=', links[i].id)
        .execute();
    }
    const now = Date.now();
    for (const id of ids) {
      const s = makeSecret(settings);
      await db
        .insertInto('webhook_endpoints')
        .values({ user_id: id, url: hook, enabled: 0, secret: s.sealed, secret_hint: s.hint, create_at: now, update_at: now })
        .execute();
    }
    return { code: 200, message: 'ok', data: { customers: ids.length, links: links.length } };
  });
  app.post('/bench/switch', { config: { access: 'public' } }, async (request) => {
    const { enabled } = request.body as { enabled: boolean };
    await db
      .updateTable('webhook_endpoints')
      .set({ enabled: enabled ? 1 : 0, paused_at: null })
      .execute();
    return { code: 200, message: 'ok', data: null };
  });
  app.get('/bench/backlog', { config: { access: 'public' } }, async () => {
    const rows = await db
      .selectFrom('webhook_deliveries')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    return { code: 200, message: 'ok', data: Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) };
  });
}

async function run(kind: 'sqlite' | 'postgres'): Promise<string[]> {
  retried.count = 0;
  const env = await startApp(kind, import.meta.filename);
  // The customers' endpoint: when each code's event arrived (by its code), and how many came.
  const hook = await receiver('/hook', 'code', 'ok');
  try {
    const sup = (await env.call('/api/user/login', { username: 'admin', password: SUP_PASSWORD })).token;
    const customer = await env.call('/api/user/add', { username: 'bench_buyer', password: 'Bench-buyer-1' }, sup);
    await env.call('/api/user/money', { id: customer.id, amount: 10_000, remark: 'bench' }, sup);
    const buyer = (await env.call('/api/user/login', { username: 'bench_buyer', password: 'Bench-buyer-1' })).token;
    const numbers = Array.from({ length: WARM + 2 * SMS }, (_, i) => `+86139${String(i).padStart(8, '0')}`);
    const goods = await env.call(
      '/api/goods/add',
      { title: 'bench sms', channel: 'sms', service: 'tg', price: 0.01, valid_hours: 24, receive_limit: 1, max_qty: 1000 },
      sup,
    );
    await env.call('/api/stock/import', { goods_id: goods.id, text: numbers.join('\n') }, sup);
    const links: { token: string; identifier: string }[] = [];
    while (links.length < numbers.length) {
      links.push(
        ...(await env.call('/api/order/buy', { goods_id: goods.id, quantity: Math.min(1000, numbers.length - links.length) }, buyer))
          .tokens,
      );
    }
    await env.call('/bench/spread', { customers: CUSTOMERS, url: hook.url, buyer: customer.id });
    const device = await env.call('/api/device/add', { name: 'bench' }, sup);
    const ingest = new URL(device.webhook_url).pathname;
    await sleep(1100);

    /** One phase: SMS i to links[offset + i]; each code read through a held read opened 200 ms before. */
    const phase = async (offset: number, codeBase: number, count = SMS) => {
      const readable: number[] = [];
      const sentAt = new Map<string, number>();
      let wrong = 0;
      const reads = new Map<number, Promise<{ text: string; at: number }>>();
      const read = (i: number) =>
        fetchRetry(`${env.base}/api/code/${links[offset + i].token}?wait=30&format=text`).then((text) => ({ text, at: performance.now() }));
      const opening = openLoop(
        count,
        async (i) => {
          reads.set(i, read(i));
        },
        RATE,
      );
      await sleep(200);
      const cpuBefore = await env.server.cpu();
      const { seconds, late } = await openLoop(
        count,
        async (i) => {
          const link = links[offset + i];
          const code = String(codeBase + i);
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
          const at = performance.now();
          sentAt.set(code, at);
          const held = reads.get(i) ?? read(i);
          await fetchRetry(env.base + ingest, { method: 'POST', headers: { 'content-type': req.contentType }, body: req.body });
          const got = await held;
          if (got.text !== `STATUS_OK:${code}`) wrong++;
          readable.push(got.at - at);
        },
        RATE,
      );
      await opening;
      const cpu = (await env.server.cpu()) - cpuBefore;
      return { readable, wrong, seconds, late, cpu, sentAt };
    };

    await env.call('/bench/switch', { enabled: false });
    await phase(2 * SMS, 700000, WARM);
    const off = await phase(0, 100000);
    await env.call('/bench/switch', { enabled: true });
    const on = await phase(SMS, 300000);
    const atEnd = [...on.sentAt.keys()].filter((c) => hook.arrived.has(c)).length;
    // Then give the deliveries up to 30 s to finish.
    const drainStart = performance.now();
    while ([...on.sentAt.keys()].some((c) => !hook.arrived.has(c)) && performance.now() - drainStart < 30_000) await sleep(50);
    const lag = [...on.sentAt].filter(([c]) => hook.arrived.has(c)).map(([c, t]) => hook.arrived.get(c)! - t);
    const backlog = await env.call('/bench/backlog');
    const line = (what: string, p: { readable: number[]; wrong: number; cpu: number }) =>
      `  ${what} SMS in -> code readable   p50 ${ms(pct(p.readable, 50))}   p99 ${ms(pct(p.readable, 99))}   wrong ${p.wrong}   server CPU per SMS ${ms((p.cpu * 1000) / SMS)}`;
    const p99Off = pct(off.readable, 99);
    const p99On = pct(on.readable, 99);
    return [
      `\n客户回调 (customer webhooks) on ${kind}, server in a child process: ${CUSTOMERS} customers, ${SMS} SMS per phase at ${RATE}/s open loop (generator late p99 ${ms(pct(on.late, 99))})`,
      line('webhooks off:', off),
      line('webhooks on: ', on),
      `  readable p99 with webhooks vs without: ${((p99On / p99Off - 1) * 100).toFixed(1)}% (target: within 10%)`,
      `  SMS in -> event at the customer's endpoint   ${percentiles(lag)}`,
      `  requests retried after a network error: ${retried.count}`,
      `  deliveries keep up: ${atEnd} of ${SMS} had arrived when the last SMS was answered; ${lag.length} of ${SMS} within 30 s after; endpoint requests ${hook.requests()}; rows ${JSON.stringify(backlog)}`,
    ];
  } finally {
    await hook.close();
    env.server.stop();
  }
}

export async function benchWebhooks(): Promise<void> {
  await reportRuns(run);
}

if (import.meta.filename === process.argv[1]) {
  if (process.argv[2] === 'serve') {
    const settings = {
      authRatePerMinute: 1_000_000,
      codeRatePerAddress: 100_000_000,
      codeRatePerToken: 1_000_000,
      webhookAllowPrivate: true,
    };
    await serveApp(process.argv[3], 'bench-webhooks-', settings, benchRoutes);
  } else await benchWebhooks();
}
