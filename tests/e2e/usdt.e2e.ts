/**
 * A customer tops up with USDT in the browser: the real server (its watcher on its own timers) reads
 * a local TronGrid; the fake chain pays; the page turns to paid and the header's balance rises,
 * without a reload. At 1280 px and on a 375 px phone. And the sup's side: settings, an unmatched transfer attached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FakeTronGrid, tronAddress } from '../helpers/trongrid';
import { ADMIN, withBrowser, shot, startServer, useToken, type Server } from './harness';

// The fake TronGrid listens on loopback; the server (a child process) reads this from its environment.
process.env.WEBHOOK_ALLOW_PRIVATE = '1';

const SHOP = tronAddress('e2e receiving address');
/** The watcher polls every 3 s while an order waits (10 s when idle): allow several rounds. */
const CHAIN = { timeout: 45_000, interval: 250 };

let server: Server;
let chain: FakeTronGrid;
let supToken: string;

beforeAll(async () => {
  server = await startServer();
  chain = await FakeTronGrid.start(Date.now);
  supToken = await server.api.login(ADMIN.username, ADMIN.password);
  const set = await server.api.call('POST', '/api/usdt/config/edit', supToken, {
    enabled: true,
    address: SHOP,
    api_url: chain.url,
    api_key: 'e2e-key-0001',
    min_amount: 5,
    max_amount: 2000,
    poll_seconds: 3,
  });
  expect(set.code, set.message).toBe(200);
});
afterAll(async () => {
  await chain?.close();
  await server?.stop();
});

const headerBalance = (page: Page) => page.getByTestId('balance').innerText();

/** For the screenshot only: the pointer off the buttons and antd's 0.2 s transitions over. */
async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
}

/** Through the recharge form to the pay screen; returns the exact amount shown there. */
async function startTopUp(page: Page, name: string, pick: (page: Page) => Promise<void>): Promise<string> {
  await page.goto(`${server.url}/account/recharge`);
  await expect.poll(() => page.getByTestId('recharge-rules').isVisible()).toBe(true);
  await page.getByRole('button', { name: '生成支付订单' }).waitFor();
  await pick(page);
  await settle(page);
  await shot(page, `${name}-recharge`);
  await page.getByRole('button', { name: '生成支付订单' }).click();
  await page.waitForURL(/\/account\/usdt\?id=\d+/);
  await page.getByTestId('pay-amount').waitFor();
  await page.locator('.ant-qrcode canvas').waitFor();
  await shot(page, `${name}-pay-waiting`);
  return (await page.getByTestId('pay-amount').innerText()).replace(/\s*USDT$/, '').trim();
}

describe('USDT top-up in the browser', () => {
  it('1280 px: pay order, the chain pays, confirming, then paid and the header balance rises without a reload', async () => {
    const token = await server.api.register('usdt_buyer', 'usdt-pass-1');
    await withBrowser({ width: 1280, height: 860 }, async (page) => {
      await useToken(page, server.url, token, 'user');
      await page.goto(`${server.url}/home`);
      await expect.poll(() => headerBalance(page)).toContain('$0.00');
      const amount = await startTopUp(page, 'usdt-1280', async (p) => {
        await p.locator('.recharge-presets').getByText('20 USDT').click();
        await expect.poll(() => p.getByTestId('recharge-credit').innerText()).toBe('$20.00');
      });
      expect(amount).toBe('20.00');
      expect(await page.getByTestId('pay-address').innerText()).toBe(SHOP);
      expect(await page.getByTestId('pay-countdown').innerText()).toMatch(/剩余支付时间 1[45]:\d\d/);
      // Marks this document: a reload would lose it.
      await page.evaluate(() => {
        (window as Window & { __sameDocument?: boolean }).__sameDocument = true;
      });

      const tx = chain.transfer({ to: SHOP, usdt: amount, confirmed: false });
      await expect.poll(() => page.getByTestId('pay-state').innerText(), CHAIN).toBe('确认中');
      await expect.poll(() => page.getByText('已收到付款，正在确认').isVisible()).toBe(true);
      await shot(page, 'usdt-1280-confirming');
      expect(await headerBalance(page)).toContain('$0.00');

      chain.setConfirmed(tx, true);
      await expect.poll(() => page.getByTestId('pay-state').innerText(), CHAIN).toBe('已到账');
      await expect.poll(() => page.getByTestId('pay-balance').innerText()).toBe('$20.00');
      await expect.poll(() => headerBalance(page)).toContain('$20.00');
      expect(await page.evaluate(() => (window as Window & { __sameDocument?: boolean }).__sameDocument)).toBe(true);
      await shot(page, 'usdt-1280-paid');

      // The record and the list say the same.
      await page.goto(`${server.url}/account/record`);
      await expect.poll(() => page.getByText(tx).isVisible()).toBe(true);
      await shot(page, 'usdt-1280-records');
      await page.goto(`${server.url}/account/recharge/orders`);
      await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
      await shot(page, 'usdt-1280-orders');
    });
  });

  it('375 px phone: the whole flow fits, free input, paid', async () => {
    const token = await server.api.register('usdt_phone', 'usdt-pass-2');
    await withBrowser({ width: 375, height: 812 }, async (page) => {
      await useToken(page, server.url, token, 'user');
      const amount = await startTopUp(page, 'usdt-375', async (p) => {
        await p.getByPlaceholder('输入金额').fill('3');
        await p.getByRole('button', { name: '生成支付订单' }).click();
        await expect.poll(() => p.getByText('充值金额应在 5.00 到 2000.00 USDT 之间').first().isVisible()).toBe(true);
        await p.getByPlaceholder('输入金额').fill('20');
        await expect.poll(() => p.getByText('充值金额应在 5.00 到 2000.00 USDT 之间').count()).toBe(0);
      });
      // Another customer asked for 20 first: this one pays a cent more.
      expect(amount).toBe('20.01');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      chain.transfer({ to: SHOP, usdt: amount, confirmed: true });
      await expect.poll(() => page.getByTestId('pay-state').innerText(), CHAIN).toBe('已到账');
      await expect.poll(() => headerBalance(page)).toContain('$20.01');
      await shot(page, 'usdt-375-paid');
    });
  });

  it('cancelling asks first; the recharge page then offers no open order', async () => {
    const token = await server.api.register('usdt_cancel', 'usdt-pass-4');
    await withBrowser({ width: 375, height: 812 }, async (page) => {
      await useToken(page, server.url, token, 'user');
      await startTopUp(page, 'usdt-375-cancel', async (p) => {
        await p.getByPlaceholder('输入金额').fill('12.34');
      });
      await page.goto(`${server.url}/account/recharge`);
      await expect.poll(() => page.getByText('您有 1 个待支付的充值订单').isVisible()).toBe(true);
      await page.getByText(/订单 #\d+：12\.34 USDT/).click();
      await page.getByTestId('pay-instructions').getByRole('button', { name: '取消订单' }).click();
      await expect.poll(() => page.locator('.ant-modal-confirm-title').innerText()).toBe('确定取消这个充值订单吗？');
      await page.getByRole('button', { name: '不取消' }).click();
      await expect.poll(() => page.locator('.ant-modal-confirm').count()).toBe(0);
      expect(await page.getByTestId('pay-state').innerText()).toBe('待支付');
      await page.getByTestId('pay-instructions').getByRole('button', { name: '取消订单' }).click();
      await page.locator('.ant-modal-confirm').getByRole('button', { name: '取消订单' }).click();
      await expect.poll(() => page.getByTestId('pay-state').innerText()).toBe('已取消');
      await page.goto(`${server.url}/account/recharge`);
      await page.getByTestId('recharge-rules').waitFor();
      await page.getByRole('button', { name: '生成支付订单' }).waitFor();
      expect(await page.getByText(/待支付的充值订单/).count()).toBe(0);
    });
  });

  it("the sup: settings with the watcher's health, and an unmatched transfer attached to a customer", async () => {
    const token = await server.api.register('usdt_short', 'usdt-pass-3');
    const order = await server.api.call('POST', '/api/usdt/create', token, { amount: 100 });
    chain.transfer({ to: SHOP, usdt: '99', confirmed: true, from: tronAddress('an exchange') });
    await expect.poll(async () => (await server.api.call('POST', '/api/transfer/data', supToken, {})).data.total, CHAIN).toBe(1);
    await withBrowser({ width: 1280, height: 900 }, async (page) => {
      await useToken(page, server.url, supToken, 'sup');
      await page.goto(`${server.url}/system/usdt`);
      await page.getByTestId('watcher-status').waitFor();
      await expect.poll(() => page.getByText(SHOP).first().isVisible()).toBe(true);
      expect(await page.content()).not.toContain('e2e-key-0001');
      await shot(page, 'usdt-settings');

      await page.goto(`${server.url}/system/transfer`);
      await page.getByRole('button', { name: '入账' }).click();
      await page.getByRole('dialog').locator('.ant-select').click();
      await page.keyboard.type('usdt_short');
      await page.locator('.ant-select-item-option', { hasText: 'usdt_short' }).click();
      await shot(page, 'usdt-transfer-attach');
      await page.getByRole('dialog').getByRole('button', { name: '入账' }).click();
      await page.getByRole('button', { name: '确认入账' }).click();
      await expect.poll(() => page.locator('.ant-table-row').getByText('已入账').isVisible()).toBe(true);
      await expect.poll(() => page.locator('.ant-modal-confirm').count()).toBe(0);
      await settle(page);
      await shot(page, 'usdt-transfers');
    });
    const me = await server.api.call('GET', '/api/user/base', token);
    expect(me.data.balance).toBe(99);
    expect(order.data.state).toBe('waiting');
  });
});
