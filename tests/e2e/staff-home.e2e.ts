/**
 * The staff home's 待处理 card, role by role: support (nothing it acts on) reads 没有待处理事项; the
 * operator sees a phone gone quiet as 失联 with how long, the one still reporting as 在线, and a
 * product on sale with no stock, each a link to its screen; finance sees the failing USDT watcher and
 * no device. Also the staff menu's 回调投递 and, on a phone, TOTP setup's 在验证器中打开 link.
 * At 1280 px and on a 375 px phone.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { settle, shot, useServer, useToken, withBrowser } from './harness';
import { defaultFormRequest } from '../helpers/smsforwarder-app';
import { localTime } from '../helpers/server';
import { tronAddress } from '../helpers/trongrid';

// The server (a child process) reads these: a phone is 失联 after one quiet minute (the shortest
// setting), and the USDT watcher may be pointed at a loopback address where nothing listens.
process.env.DEVICE_SILENT_MINUTES = '1';
process.env.WEBHOOK_ALLOW_PRIVATE = '1';
const server = useServer();
const staff = {} as Record<'operator' | 'finance' | 'support', string>;
let reporting: { webhook_url: string; secret: string };
/** When the quiet phone was made: it is 失联 a minute later. */
let madeAt = 0;

async function call(url: string, body: unknown, token = server.supToken) {
  const r = await server.api.call('POST', url, token, body);
  expect(r.code, `${url}: ${r.message}`).toBe(200);
  return r.data;
}

/** An SMS from the phone that keeps reporting, signed as SmsForwarder signs it. */
async function report() {
  const ts = Date.now();
  const req = defaultFormRequest(
    { from: '+8610690000', text: 'hello', simInfo: 'SIM1_', receiveTime: localTime(ts) },
    reporting.secret,
    ts,
  );
  const res = await fetch(reporting.webhook_url, { method: 'POST', headers: { 'content-type': req.contentType }, body: req.body });
  expect(res.status).toBe(200);
}

const card = (page: Page) => page.getByTestId('pending-card');
/** The card's code and first answer can take a while on two busy cores. */
const SLOW = { timeout: 30_000 };

beforeAll(async () => {
  for (const role of ['operator', 'finance', 'support'] as const) {
    await call('/api/user/add', { username: `home_${role}`, password: 'Staff-pass-123', type: 'sup', role });
    staff[role] = await server.api.login(`home_${role}`, 'Staff-pass-123');
  }
  await call('/api/device/add', { name: '仓库一号机' });
  madeAt = Date.now();
  reporting = await call('/api/device/add', { name: '前台二号机' });
  await call('/api/goods/add', {
    title: '缺货的 WhatsApp',
    channel: 'sms',
    service: 'wa',
    price: 1,
    valid_hours: 24,
    min_qty: 1,
    max_qty: 10,
  });
  await call('/api/usdt/config/edit', {
    enabled: true,
    address: tronAddress('e2e home address'),
    api_url: 'http://127.0.0.1:9',
    api_key: 'e2e-key-0001',
    min_amount: 5,
    max_amount: 2000,
  });
  await server.api.call('POST', '/api/usdt/poll', server.supToken, {});
});

describe('the staff home in the browser', () => {
  it('1280 px: support, who acts on none of these, reads 没有待处理事项; the owner finds 回调投递 in the menu', async () => {
    await withBrowser({ width: 1280, height: 900 }, async (page) => {
      await useToken(page, server.url, staff.support, 'sup');
      await page.goto(`${server.url}/home`);
      await expect.poll(() => card(page).innerText(), SLOW).toContain('没有待处理事项');
      expect(await card(page).innerText()).not.toContain('失联');
      await settle(page);
      await shot(page, 'staff-home-1280-support-empty');

      await useToken(page, server.url, server.supToken, 'sup');
      await page.goto(`${server.url}/home`);
      await page.locator('.ant-layout-sider').getByText('接码中心').click();
      await page.locator('.ant-layout-sider').getByText('回调投递').click();
      await page.waitForURL((u) => u.pathname === '/user/webhook/delivery');
      await expect.poll(() => page.locator('body').innerText()).toContain('还没有回调记录');
      await settle(page);
      await shot(page, 'staff-menu-1280-delivery');
    });
  }, 180_000);

  it('375 px: TOTP setup on a phone offers a tappable 在验证器中打开 link', async () => {
    const token = await server.api.register('totp_phone_home', 'phone-pass-123');
    await withBrowser({ width: 375, height: 812 }, async (page) => {
      await useToken(page, server.url, token, 'user');
      await page.goto(`${server.url}/user/info`);
      await page
        .getByTestId('totp-card')
        .getByRole('button', { name: /开启两步验证/ })
        .click();
      const open = page.getByRole('link', { name: '在验证器中打开' });
      await open.waitFor();
      expect(await open.getAttribute('href')).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]+/);
      const box = (await open.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await open.scrollIntoViewIfNeeded();
      await settle(page);
      await shot(page, 'totp-375-otpauth-link');
    });
  }, 180_000);

  it('1280 px: the operator sees the quiet phone as 失联 with how long, the other 在线, and the sold-out product; an item opens its screen', async () => {
    // A device is silent a minute after it was made: wait for that minute, the other phone reporting on.
    await new Promise((r) => setTimeout(r, Math.max(0, madeAt + 62_000 - Date.now())));
    await report();
    await withBrowser({ width: 1280, height: 900 }, async (page) => {
      await useToken(page, server.url, staff.operator, 'sup');
      await page.goto(`${server.url}/home`);
      await expect.poll(() => card(page).innerText(), SLOW).toContain('仓库一号机');
      const text = await card(page).innerText();
      expect(text).toMatch(/失联\s*设备「仓库一号机」添加后 \d+ 分钟没有上报短信/);
      expect(text).toMatch(/在线\s*1 台设备正常上报短信/);
      expect(text).toContain('1 个上架商品没有库存：缺货的 WhatsApp');
      expect(text).not.toContain('USDT');
      // 失联 in red and 在线 in green.
      const colour = (selector: string) =>
        card(page)
          .locator(selector)
          .first()
          .evaluate((el) => getComputedStyle(el).color);
      expect(await colour('.home-pending-bad')).toBe('rgb(168, 7, 26)');
      expect(await colour('.home-pending-good')).toBe('rgb(19, 82, 0)');
      await settle(page);
      await shot(page, 'staff-home-1280-operator');
      await card(page)
        .getByRole('link', { name: /缺货的 WhatsApp/ })
        .click();
      await page.waitForURL((u) => u.pathname === '/items/goods' && u.searchParams.get('f_on_sale') === 'true');
    });
  }, 180_000);

  it('375 px: finance sees the failing USDT watcher and no device; the operator’s card fits a phone', async () => {
    await withBrowser({ width: 375, height: 812 }, async (page) => {
      await useToken(page, server.url, staff.finance, 'sup');
      await page.goto(`${server.url}/home`);
      await expect.poll(() => card(page).innerText(), SLOW).toContain('USDT 到账监听连续失败');
      expect(await card(page).innerText()).not.toContain('失联');
      expect(await card(page).innerText()).not.toContain('缺货');
      const item = card(page).getByRole('link').first();
      expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await settle(page);
      await shot(page, 'staff-home-375-finance');
      await item.click();
      await page.waitForURL((u) => u.pathname === '/system/usdt');

      await useToken(page, server.url, staff.operator, 'sup');
      await page.goto(`${server.url}/home`);
      await expect.poll(() => card(page).innerText(), SLOW).toContain('仓库一号机');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await settle(page);
      await shot(page, 'staff-home-375-operator');
    });
  }, 180_000);
});
