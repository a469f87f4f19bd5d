/**
 * The product as it runs in production, whole journeys in Chromium: a real nginx (Debian's, started
 * here with a generated config) balancing round robin over two server processes (`server/main.ts`,
 * started at the same moment on a new database) on a PostgreSQL cluster of this test's own.
 *
 * 1. A customer registers, tops up by USDT (the local TronGrid pays), buys a link, watches its page
 *    while a phone's SMS reaches the *other* process through the webhook (the page wakes at once),
 *    resets it, renews it, and is refunded by the sup; the sup sees every movement and a difference of 0.
 * 2. Under 30 s of concurrent purchases and webhook posts through nginx: one process is killed (-9)
 *    and started again, then PostgreSQL is restarted. The other process keeps serving; while the
 *    database is away every call fails at once with a Chinese 503; both processes serve again by
 *    themselves. Every purchase answered 200 is in the database, every SMS answered 200 is stored,
 *    and every customer's ledger sums to their balance (the difference is 0).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ApiClient, DIST, clickRowAction, openBrowser, shot, useToken } from './harness';
import { FakeTronGrid, tronAddress } from '../helpers/trongrid';
import { defaultFormRequest } from '../helpers/smsforwarder-app';
import { localTime } from '../helpers/server';
import { pgBinDir, startPgCluster, type PgCluster } from '../helpers/pg-cluster';
import { nginxBinary, startNginx, type Nginx } from '../helpers/nginx';
import { appProcess, type AppProcess } from '../helpers/app-process';
import { freePort, GiveUp, until } from '../helpers/ports';

const ADMIN = { username: 'admin', password: 'admin-pass-123' };
const SHOP = tronAddress('production receiving address');
const DOWN = '数据库暂时不可用，请稍后再试';
/** The USDT watcher polls every 3 s while an order waits; live lists refetch every 5 s. */
const SLOW = { timeout: 60_000, interval: 250 };

let cluster: PgCluster;
let nginx: Nginx;
let procs: AppProcess[];
let chain: FakeTronGrid;
let dataDir: string;
let api: ApiClient;
let sup: string;
let db: pg.Client;

const ready = Boolean(pgBinDir() && nginxBinary());

beforeAll(async () => {
  if (!ready) return;
  cluster = await startPgCluster({ settings: { fsync: 'off' } });
  db = new pg.Client({ connectionString: cluster.url });
  await db.connect();
  db.on('error', () => undefined); // its connection ends when the cluster restarts; it reconnects below
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'production-data-'));
  const ports = [await freePort(), await freePort()];
  nginx = await startNginx({ upstreams: ports });
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: cluster.url,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    STATIC_DIR: DIST,
    PUBLIC_URL: nginx.url,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    SMTP_PORT: '0',
    BACKUP_INTERVAL_HOURS: '0',
    AUTH_RATE_PER_MINUTE: '100000',
    CODE_RATE_PER_ADDRESS: '1000000',
    // The fake TronGrid listens on loopback.
    WEBHOOK_ALLOW_PRIVATE: '1',
  };
  procs = ports.map((port) => appProcess(port, env));
  // Both at once on a new database: one migrates and creates the sup under the startup lock, the other waits for it.
  await Promise.all(procs.map((p) => p.start()));
  chain = await FakeTronGrid.start(Date.now);
  api = new ApiClient(nginx.url);
  sup = await api.login(ADMIN.username, ADMIN.password);
  await ok('/api/usdt/config/edit', sup, {
    enabled: true,
    address: SHOP,
    api_url: chain.url,
    api_key: 'prod-key-0001',
    min_amount: 5,
    max_amount: 2000,
    poll_seconds: 3,
  });
}, 300_000);

afterAll(async () => {
  await db?.end().catch(() => undefined);
  await chain?.close();
  for (const p of procs ?? []) await p.stop();
  await nginx?.stop();
  await cluster?.destroy();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function ok(url: string, token: string | undefined, body: unknown) {
  const r = await api.call('POST', url, token, body);
  if (r.code !== 200) throw new Error(`${url}: ${r.code} ${r.message}`);
  return r.data;
}

/** The port of the process that served an answer through nginx (the last one tried). */
const upstreamOf = (res: { headers: Headers | Record<string, string> }) => {
  const h = res.headers instanceof Headers ? res.headers.get('x-upstream') : res.headers['x-upstream'];
  return Number((h ?? '').split(',').pop()!.trim().split(':').pop());
};

/**
 * A phone's SMS through nginx, as SmsForwarder posts it (its SIM remark holds the number). The
 * phone's receive time has whole seconds: an SMS for a link bought or reset at `after` is sent once
 * its second has passed (a text received before the link was armed is not its code).
 */
let lastStamp = 0;
async function phoneSends(device: { webhook_url: string; secret: string }, number: string, text: string, after = 0) {
  while (Date.now() < after + 1100) await new Promise((r) => setTimeout(r, 100));
  // A phone signs each message with its clock's milliseconds: never two with one timestamp (the server refuses a reused one).
  const ts = (lastStamp = Math.max(Date.now(), lastStamp + 1));
  const req = defaultFormRequest(
    { from: '+8610690000', text, simInfo: `SIM1_${number}`, receiveTime: localTime(Date.now()), deviceMark: 'Redmi' },
    device.secret,
    ts,
  );
  const res = await fetch(device.webhook_url, {
    method: 'POST',
    headers: { 'content-type': req.contentType },
    body: req.body,
    signal: AbortSignal.timeout(30_000),
  });
  return { status: res.status, upstream: upstreamOf(res), text: await res.text() };
}

/** Every user's ledger sums to their balance, none is negative, and the sup's difference is 0. */
async function expectBooksBalance() {
  const { rows } = await db.query(`select u.id, u.balance, coalesce(sum(l.amount), 0) as ledger
    from users u left join ledger l on l.user_id = u.id group by u.id, u.balance`);
  for (const r of rows) expect(Number(r.ledger), `ledger of user ${r.id}`).toBe(Number(r.balance));
  expect(rows.filter((r) => Number(r.balance) < 0)).toEqual([]);
  const stats = await api.call('GET', '/api/statistics/index', sup);
  expect(stats.code, stats.message).toBe(200);
  expect(stats.data.admin.diff).toBe(0);
}

const tableRow = (page: Page, text: string) => page.locator('tbody tr.ant-table-row').filter({ hasText: text });
const tableText = (page: Page) => page.locator('.ant-table-tbody').innerText();
const confirmBox = (page: Page) => page.locator('.ant-modal-confirm');

describe.skipIf(!ready)('production: nginx, two processes, a PostgreSQL of our own', () => {
  it('a customer registers, tops up by USDT, buys, gets a code through the other process, resets, renews, is refunded; the sup sees it all balance', async () => {
    const goods = (
      await ok('/api/goods/add', sup, {
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
        max_qty: 10,
      })
    ).id;
    await ok('/api/stock/import', sup, { goods_id: goods, text: Array.from({ length: 5 }, (_, i) => `+8613900000${100 + i}`).join('\n') });
    const device = await ok('/api/device/add', sup, { name: '一号机' });
    expect(device.webhook_url.startsWith(`${nginx.url}/api/ingest/sms/`)).toBe(true);

    const browser = await openBrowser({ width: 1280, height: 860 });
    let link: { url: string; identifier: string };
    try {
      const page = browser.page;
      // Registers through the form.
      await page.goto(`${nginx.url}/register`);
      await page.getByPlaceholder('用户名', { exact: true }).fill('prod_buyer');
      await page.getByPlaceholder('密码（至少 8 位）').fill('Buyer-pass-123');
      await page.getByPlaceholder('确认密码').fill('Buyer-pass-123');
      await page.getByRole('button', { name: /注\s*册/ }).click();
      await page.waitForURL((u) => !u.pathname.startsWith('/register'));
      await expect.poll(() => page.getByTestId('balance').innerText()).toContain('$0.00');

      // Tops up 20 USDT: the chain pays, the watcher (in whichever process holds its lease) credits it.
      await page.goto(`${nginx.url}/account/recharge`);
      await expect.poll(() => page.getByTestId('recharge-rules').isVisible()).toBe(true);
      await page.locator('.recharge-presets').getByText('20 USDT').click();
      await expect.poll(() => page.getByTestId('recharge-credit').innerText()).toBe('$20.00');
      await page.getByRole('button', { name: '生成支付订单' }).click();
      await page.waitForURL(/\/account\/usdt\?id=\d+/);
      const amount = (await page.getByTestId('pay-amount').innerText()).replace(/\s*USDT$/, '').trim();
      expect(amount).toBe('20.00');
      chain.transfer({ to: SHOP, usdt: amount, confirmed: true });
      await expect.poll(() => page.getByTestId('pay-state').innerText(), SLOW).toBe('已到账');
      await expect.poll(() => page.getByTestId('balance').innerText()).toContain('$20.00');
      await shot(page, 'production-usdt-paid');

      // Buys one link in the store.
      await page.goto(`${nginx.url}/items/store`);
      const card = page.getByTestId('product-card').filter({ hasText: 'Telegram 接码' });
      await card.getByRole('button', { name: '购买' }).click();
      const dialog = page.locator('.buy-dialog .ant-modal-content');
      await expect.poll(() => dialog.getByTestId('buy-total').innerText()).toBe('$1.50');
      await dialog.getByRole('button', { name: '支付 $1.50' }).click();
      await expect.poll(() => dialog.getByTestId('bought-link').count(), SLOW).toBe(1);
      const url = (await dialog.getByTestId('bought-url').innerText()).trim();
      expect(url.startsWith(`${nginx.url}/c/`)).toBe(true);
      const [row] = (await db.query('select identifier from tokens where token = $1', [url.split('/').pop()])).rows;
      link = { url, identifier: row.identifier };
      const boughtAt = Date.now();
      await expect.poll(() => page.getByTestId('balance').innerText()).toContain('$18.50');
      // Nothing else talks to nginx while the code arrives: round robin is then predictable.
      await page.goto('about:blank');

      // The link's page waits for a code (a long poll held by one process)...
      const codePage = await browser.context.newPage();
      await codePage.goto(url);
      await expect.poll(() => codePage.locator('#code').innerText()).toBe('暂无');
      const holder = await until("a process holding the page's wait", async () => {
        for (const p of procs) if (/^long_polls_open\s+[1-9]/m.test(await (await fetch(`${p.url}/metrics`)).text())) return p.port;
        return undefined;
      });
      // ...and the SMS goes to the other one: round robin sends the request after one the holder served elsewhere.
      await until("nginx's turn at the holder", async () => upstreamOf(await fetch(`${nginx.url}/api/config/index`)) === holder, 30_000, 0);
      const woken = codePage.waitForResponse((r) => r.url().includes('/api/code/'), { timeout: 60_000 });
      const sent = await phoneSends(device, link.identifier, '【Telegram】您的验证码是 482913，请勿泄露给他人。', boughtAt);
      expect(sent.status, sent.text).toBe(200);
      expect(sent.upstream).not.toBe(holder);
      await expect.poll(() => codePage.locator('#code').innerText(), { timeout: 20_000, interval: 100 }).toBe('482913');
      expect(upstreamOf({ headers: (await woken).headers() })).toBe(holder);
      await shot(codePage, 'production-code-page');
      await codePage.close();

      // 重提: the link takes another code.
      await page.goto(`${nginx.url}/items/api/token`);
      await expect.poll(() => tableText(page)).toContain('482913');
      await clickRowAction(page, tableRow(page, link.identifier), '重提');
      await expect.poll(() => confirmBox(page).innerText()).toContain(`重提 ${link.identifier}？`);
      await confirmBox(page)
        .getByRole('button', { name: /重\s*提/ })
        .click();
      await expect.poll(() => page.locator('.ant-message').innerText()).toContain('剩余重提 1 次');
      expect((await phoneSends(device, link.identifier, '【Telegram】验证码 730615，5 分钟内有效', Date.now())).status).toBe(200);
      await expect.poll(() => tableRow(page, link.identifier).innerText(), SLOW).toContain('730615');

      // 续费 one day at $0.50.
      await clickRowAction(page, tableRow(page, link.identifier), '续费');
      const renew = page.locator('.ant-modal').filter({ hasText: `续费 - ${link.identifier}` });
      await expect.poll(() => renew.getByTestId('renew-quote').innerText()).toContain('$0.50');
      await renew.getByRole('button', { name: /续\s*费/ }).click();
      await confirmBox(page)
        .getByRole('button', { name: /确认支付/ })
        .click();
      await expect.poll(() => page.locator('.ant-message').innerText()).toContain('续费成功');
      await expect.poll(() => page.getByTestId('balance').innerText()).toContain('$18.00');
    } finally {
      await browser.close();
    }

    // The sup refunds the link, sees every movement of the customer and a difference of 0.
    const supBrowser = await openBrowser({ width: 1280, height: 860 });
    try {
      const page = supBrowser.page;
      await useToken(page, nginx.url, sup, 'sup');
      await page.goto(`${nginx.url}/items/api/token`);
      const row = tableRow(page, link.identifier);
      await clickRowAction(page, row, '退款');
      const dialog = page.locator('.ant-modal').filter({ hasText: `链接退款 - ${link.identifier}` });
      await dialog.getByRole('textbox').fill('客户要求退款');
      await dialog.getByRole('button', { name: /退\s*款/ }).click();
      await confirmBox(page)
        .getByRole('button', { name: /确认退款/ })
        .click();
      // Refunded, it has left 进行中 for 全部.
      await expect.poll(() => row.count()).toBe(0);
      await page.goto(`${nginx.url}/items/api/token?tab=all`);
      await expect.poll(() => tableRow(page, link.identifier).innerText()).toContain('已退款');

      await page.goto(`${nginx.url}/account/detail`);
      await expect.poll(() => tableText(page)).toContain(`号码 ${link.identifier}：客服退款`);
      const movements = await tableRow(page, 'prod_buyer').allInnerTexts();
      // Top-up, purchase, renewal, refund (what the link cost, renewal included): four rows, each with its amount.
      expect(movements).toHaveLength(4);
      const all = movements.join('\n');
      for (const want of ['+$20.00', '-$1.50', '-$0.50', '+$2.00', `号码 ${link.identifier}：客服退款`]) expect(all).toContain(want);
      await shot(page, 'production-sup-ledger');

      await page.goto(`${nginx.url}/home`);
      await expect.poll(() => page.getByTestId('summary-diff').innerText()).toContain('$0.00');
      expect(await page.getByTestId('summary-diff').innerText()).toContain('正常');
      await shot(page, 'production-sup-home');
    } finally {
      await supBrowser.close();
    }
    await expectBooksBalance();
  }, 300_000);

  it('under 30 s of purchases and SMS through nginx: kill -9 a process and start it again, restart PostgreSQL; nothing acknowledged is lost', async () => {
    const goods = (
      await ok('/api/goods/add', sup, {
        title: '压力测试',
        channel: 'sms',
        service: 'ld',
        price: 0.1,
        valid_hours: 24,
        receive_limit: 1,
        reset_limit: 0,
        renew_price: 0.1,
        code_wait_minutes: 0,
        min_qty: 1,
        max_qty: 10,
      })
    ).id;
    const numbers = Array.from({ length: 30_000 }, (_, i) => String(8615000000000 + i));
    await ok('/api/stock/import', sup, { goods_id: goods, text: numbers.join('\n') });
    const device = await ok('/api/device/add', sup, { name: '压力机' });
    const buyers: string[] = [];
    for (let i = 0; i < 8; i++) {
      const added = await ok('/api/user/add', sup, { username: `load_buyer_${i}`, password: 'Buyer-pass-123' });
      await ok('/api/user/money', sup, { id: added.id, amount: 5000, remark: '压力测试充值' });
      buyers.push(await api.login(`load_buyer_${i}`, 'Buyer-pass-123'));
    }

    const orders = new Set<string>();
    const stored = new Set<string>();
    /** HTTP status → how many; and which process answered each acknowledged call (by time). */
    const statuses = new Map<number, number>();
    const unavailable: string[] = [];
    const hung: string[] = [];
    const servedBy: { at: number; port: number }[] = [];
    const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
    let running = true;

    const buyLoop = async (token: string) => {
      while (running) {
        try {
          const res = await fetch(`${nginx.url}/api/order/buy`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ goods_id: goods, quantity: 1 }),
            signal: AbortSignal.timeout(30_000),
          });
          const text = await res.text();
          count(res.status);
          if (res.status === 503) unavailable.push(text);
          if (res.status !== 200) continue;
          const body = JSON.parse(text);
          if (body.code !== 200) continue;
          orders.add(body.data.order_no);
          servedBy.push({ at: Date.now(), port: upstreamOf(res) });
        } catch (err) {
          hung.push(String(err));
        }
      }
    };
    let sms = 0;
    const smsLoop = async () => {
      while (running) {
        const text = `【负载】验证码 ${String(++sms).padStart(6, '0')}，请勿泄露`;
        try {
          const r = await phoneSends(device, numbers[sms % numbers.length], text);
          count(r.status);
          if (r.status === 503) unavailable.push(r.text);
          if (r.status === 200) {
            stored.add(text);
            servedBy.push({ at: Date.now(), port: r.upstream });
          }
        } catch (err) {
          hung.push(String(err));
        }
      }
    };
    const servedSince = (since: number, port: number) => servedBy.filter((s) => s.at > since && s.port === port).length;
    const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

    const started = Date.now();
    const loops = [...buyers.map(buyLoop), smsLoop(), smsLoop()];
    const [victim, survivor] = procs;

    await pause(3000);
    await until('both processes serving', () => servedSince(started, victim.port) > 0 && servedSince(started, survivor.port) > 0);
    const killed = Date.now();
    await victim.kill9();
    // The other keeps serving alone.
    await until('the survivor serving alone', () => servedSince(killed + 1000, survivor.port) >= 50);
    await pause(2000);
    await victim.start();
    const restarted = Date.now();
    await until('the restarted process serving again', () => servedSince(restarted, victim.port) > 0, 60_000);

    await cluster.stop();
    const down = Date.now();
    // While it is down: a Chinese 503 at once (the session cache lasts a second).
    const pids = procs.map((p) => p.pid);
    const probe = await until('a 503 while PostgreSQL is down', async () => {
      const dead = procs.find((p) => !p.alive());
      if (dead) throw new GiveUp(`a server process ended when PostgreSQL stopped:\n${dead.output().slice(-3000)}`);
      const r = await api.call('POST', '/api/user/info', sup, {});
      return r.code === 503 ? r : undefined;
    });
    expect(probe.message).toBe(DOWN);
    await until('the load meeting the 503', () => unavailable.length > 0);
    await pause(2000);
    await cluster.start();
    await db.end().catch(() => undefined);
    db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    db.on('error', () => undefined);
    // Both servers recover by themselves: the same processes, none restarted.
    for (const p of procs) await until(`process ${p.port} serving after the restart`, () => servedSince(down, p.port) > 0, 120_000);
    expect(procs.map((p) => p.alive() && p.pid)).toEqual(pids);
    await pause(Math.max(0, started + 30_000 - Date.now()));
    running = false;
    await Promise.all(loops);

    // Nothing hung; every refusal was nginx's 502 (a request on the killed process) or the database's 503.
    expect(hung).toEqual([]);
    expect([...statuses.keys()].filter((s) => ![200, 502, 503].includes(s))).toEqual([]);
    for (const text of unavailable) expect(JSON.parse(text)).toMatchObject({ code: 503, message: DOWN });
    expect(orders.size).toBeGreaterThan(100);
    expect(stored.size).toBeGreaterThan(20);

    // Every purchase answered 200 is in the database with its link; every SMS answered 200 is stored.
    const acknowledged = [...orders];
    const found = await db.query(
      'select o.order_no, count(t.id) as links from orders o left join tokens t on t.order_id = o.id where o.order_no = any($1) group by o.order_no',
      [acknowledged],
    );
    expect(found.rows.length).toBe(acknowledged.length);
    expect(found.rows.filter((r) => Number(r.links) !== 1)).toEqual([]);
    const texts = [...stored];
    const messages = await db.query('select distinct text from messages where text = any($1)', [texts]);
    expect(messages.rows.length).toBe(texts.length);
    await expectBooksBalance();
    process.stdout.write(
      `\n生产演练：${acknowledged.length} 笔购买、${texts.length} 条短信已确认；应答状态 ${JSON.stringify(Object.fromEntries(statuses))}\n`,
    );
  }, 300_000);
});
