/**
 * Rentals in the browser: a customer rents a number through the protocol (getRentNumber), three SMS
 * arrive from a phone running SmsForwarder, and 我的API shows the rental (类型 租用) with its SMS list
 * (短信), 续租 (priced, then confirmed naming the amount; the balance drops by it) and 结束
 * (confirmed; the rental shows 已完成). At 1280 px and 375 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, SHOTS, clickRowAction, settle, shot, startServer, useToken, withBrowser, type Server } from './harness';
import { defaultFormRequest } from '../helpers/smsforwarder-app';

let server: Server;
let sup: string;
let renter: { id: number; token: string; key: string };
let device: { path: string; secret: string };

const post = async (url: string, token: string, body: unknown) => {
  const r = await server.api.call('POST', url, token, body);
  if (r.code !== 200) throw new Error(`${url}: ${r.code} ${r.message}`);
  return r.data;
};
const balance = async () => (await server.api.call('GET', '/api/user/base', renter.token)).data.balance as number;

/** The phone's local time in the business zone, as SmsForwarder writes it. */
const phoneTime = () =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(new Date());

let stamp = Date.now();
async function sms(number: string, text: string, from: string) {
  const req = defaultFormRequest(
    { from, text, simInfo: `SIM1_+${number}`, receiveTime: phoneTime(), deviceMark: 'Redmi' },
    device.secret,
    (stamp = Math.max(stamp + 1, Date.now())),
  );
  const res = await fetch(server.url + device.path, { method: 'POST', headers: { 'content-type': req.contentType }, body: req.body });
  if (res.status !== 200) throw new Error(`sms: ${res.status} ${await res.text()}`);
}

async function rent(hours: number): Promise<{ id: number; number: string }> {
  const res = await fetch(`${server.url}/stubs/handler_api.php?api_key=${renter.key}&action=getRentNumber&service=tg&rent_time=${hours}`);
  const body = (await res.json()) as { status: string; phone: { id: number; number: string } };
  if (body.status !== 'success') throw new Error(`getRentNumber: ${JSON.stringify(body)}`);
  return body.phone;
}

beforeAll(async () => {
  server = await startServer();
  sup = await server.api.login(ADMIN.username, ADMIN.password);
  const added = await post('/api/user/add', sup, { username: 'rent_buyer', password: 'Buyer-pass-123' });
  const token = await server.api.login('rent_buyer', 'Buyer-pass-123');
  await post('/api/user/money', sup, { id: added.id, amount: 100, remark: '测试充值' });
  renter = { id: added.id, token, key: (await post('/api/apikey/create', token, {})).key };
  const goodsId = (
    await post('/api/goods/add', sup, {
      title: 'Telegram 租用',
      channel: 'sms',
      service: 'tg',
      price: 2,
      valid_hours: 24,
      receive_limit: 1,
      reset_limit: 0,
      renew_price: 0,
      code_wait_minutes: 0,
      min_qty: 1,
      max_qty: 100,
      rentable: true,
      rent_price_hour: 0.25,
      rent_min_hours: 4,
      rent_max_hours: 720,
    })
  ).id;
  await post('/api/stock/import', sup, { goods_id: goodsId, text: ['79950000011', '79950000012', '79950000013'].join('\n') });
  const made = await post('/api/device/add', sup, { name: '租用号码池' });
  device = { path: new URL(made.webhook_url).pathname, secret: made.secret };
});
afterAll(async () => {
  await server?.stop();
});

/** What the screen shows now (a dialog is fixed on the screen: a full-page shot would cut it). */
async function screen(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const tableRow = (page: Page, text: string) => page.locator('tbody tr.ant-table-row').filter({ hasText: text });
const card = (page: Page, text: string) => page.locator('.fw-card').filter({ hasText: text });
const confirmBox = (page: Page) => page.locator('.ant-modal-confirm');

describe("a customer's rentals under 我的API", () => {
  it('1280 px: the rental with its SMS, 续租 confirmed with its amount, 结束 confirmed', async () => {
    const r = await rent(4);
    await sms(r.number, 'Telegram code 51423', 'Telegram');
    await sms(r.number, '欢迎使用本服务，祝您生活愉快', '10086');
    await sms(r.number, 'Your login code 88231', 'Telegram');
    await withBrowser({ width: 1280, height: 800 }, async (page) => {
      await useToken(page, server.url, renter.token, 'user');
      // 全部: the rental stays in view once 结束 has ended it.
      await page.goto(`${server.url}/items/api/token?tab=all`);
      const row = tableRow(page, r.number);
      await expect.poll(() => row.innerText()).toContain('短信');
      await settle(page);
      await shot(page, 'rentals-1280-my-api');

      await clickRowAction(page, row, '短信');
      const list = page.getByTestId('rent-sms-list');
      await expect.poll(() => list.locator('.ant-list-item').count()).toBe(3);
      const texts = await list.locator('.ant-list-item').allInnerTexts();
      expect(texts[0]).toContain('Your login code 88231');
      expect(texts[1]).toContain('欢迎使用本服务');
      expect(texts[2]).toContain('Telegram code 51423');
      await settle(page);
      await screen(page, 'rentals-1280-sms');
      await page
        .locator('.ant-modal')
        .filter({ hasText: `短信 - ` })
        .getByRole('button', { name: /Close|关闭/ })
        .click();

      // Opened as a number, a rental offers none of an activation's 完成, 重提 or 再次使用: 结束 and 续租 are its own.
      await clickRowAction(page, row, '详情');
      const panel = page.locator('.ant-modal').filter({ hasText: `号码 ${r.number}` });
      await expect.poll(() => panel.innerText()).toContain('88231');
      for (const id of ['activation-finish', 'activation-reset', 'activation-reuse', 'activation-cancel']) {
        expect(await panel.getByTestId(id).count()).toBe(0);
      }
      await panel.getByRole('button', { name: /Close|关闭/ }).click();

      const before = await balance();
      await clickRowAction(page, row, '续租');
      const dialog = page.locator('.ant-modal').filter({ hasText: '续租 - ' });
      await dialog.getByRole('spinbutton', { name: '续租小时数' }).fill('48');
      await expect.poll(() => dialog.getByTestId('rent-quote').innerText()).toContain('$12.00');
      // The hours allowed, as the quote gives them for this rental's product.
      expect(await dialog.innerText()).toContain('续租时长（2-720 小时');
      await screen(page, 'rentals-1280-extend');
      await dialog.getByRole('button', { name: /续\s*租/ }).click();
      await expect.poll(() => confirmBox(page).innerText()).toContain('确认续租 48 小时，支付 $12.00');
      await confirmBox(page)
        .getByRole('button', { name: /确认支付/ })
        .click();
      await expect.poll(() => balance()).toBeCloseTo(before - 12, 2);

      await clickRowAction(page, row, '结束');
      await expect.poll(() => confirmBox(page).innerText()).toContain('剩余租期不退款');
      await confirmBox(page)
        .getByRole('button', { name: /结束租用/ })
        .click();
      await expect.poll(() => row.innerText()).toContain('已完成');
      await settle(page);
      await shot(page, 'rentals-1280-finished');
    });
  });

  it('375 px: the rental as a card; its SMS list fits the phone', async () => {
    const r = await rent(6);
    await sms(r.number, '验证码 334455，5分钟内有效', '106900');
    await withBrowser({ width: 375, height: 812 }, async (page) => {
      await useToken(page, server.url, renter.token, 'user');
      await page.goto(`${server.url}/items/api/token`);
      const c = card(page, r.number);
      await expect.poll(() => c.innerText()).toContain(r.number);
      await settle(page);
      await shot(page, 'rentals-375-my-api');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await clickRowAction(page, c, '短信');
      const list = page.getByTestId('rent-sms-list');
      await expect.poll(() => list.innerText()).toContain('334455');
      const box = await page.locator('.ant-modal').filter({ hasText: '短信 - ' }).locator('.ant-modal-content').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      await settle(page);
      await screen(page, 'rentals-375-sms');
    });
  });
});
