/**
 * 回调通知 on user/info in the browser: the customer sets the URL and sees the signing secret once,
 * sends a test, sees a failed delivery in the log and sends it again (重发); a code whose every try
 * fails pauses the endpoint and the card says so. A local HTTP server is the customer's endpoint.
 * At 1280 px and on a 375 px phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startReceiver, verify, type Receiver } from '../api/webhooks/receiver';
import { clickRowAction, settle, shot, useServer, useToken, withBrowser } from './harness';

// The server the harness starts reads these: a local endpoint is allowed, and a failing code pauses within a second.
process.env.WEBHOOK_ALLOW_PRIVATE = '1';
process.env.WEBHOOK_RETRY_SECONDS = '0.2,0.2';

const server = useServer();
let hook: Receiver;
beforeAll(async () => {
  hook = await startReceiver();
});
afterAll(() => hook?.close());

const card = (page: Page) => page.getByTestId('webhook-card');

/** Saves the URL through the card and returns the secret the one-time dialog shows. */
async function saveUrl(page: Page, name: string): Promise<string> {
  await card(page).getByLabel('回调地址').fill(hook.url);
  await card(page)
    .getByRole('button', { name: /保\s*存/ })
    .click();
  const secret = page.getByTestId('webhook-secret');
  await secret.waitFor();
  const value = (await secret.innerText()).trim();
  expect(value).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
  await settle(page);
  await shot(page, `${name}-secret`);
  await page.getByRole('button', { name: '我已保存' }).click();
  await expect.poll(() => page.getByTestId('webhook-secret').count()).toBe(0);
  await expect.poll(() => card(page).innerText()).toContain(`whsec_…${value.slice(-4)}`);
  expect(await card(page).innerText()).not.toContain(value);
  return value;
}

describe('回调通知 in the browser', () => {
  it('1280 px: set the URL, secret once, 发送测试, a failed test sent again with 重发', async () => {
    const token = await server.api.register('hook_desk', 'hook-pass-123');
    await withBrowser({ width: 1280, height: 900 }, async (page) => {
      await useToken(page, server.url, token, 'user');
      await page.goto(`${server.url}/user/info`);
      await expect.poll(() => card(page).innerText()).toContain('保存回调地址后生成');
      const secret = await saveUrl(page, 'webhook-1280');

      hook.answer = () => ({ status: 200 });
      const before = hook.got.length;
      await card(page)
        .getByRole('button', { name: /发送测试/ })
        .click();
      await expect.poll(() => page.locator('.ant-message').innerText()).toContain('测试回调已送达');
      const sent = hook.got[before];
      expect(sent.json.event).toBe('test');
      expect(verify(sent, secret)).toBe(true);
      await expect.poll(() => page.getByTestId('webhook-log').innerText()).toContain('已送达');

      hook.answer = () => ({ status: 500 });
      await card(page)
        .getByRole('button', { name: /发送测试/ })
        .click();
      await expect.poll(() => page.locator('.ant-message').innerText()).toContain('HTTP 500');
      const log = page.getByTestId('webhook-log');
      await expect.poll(() => log.innerText()).toContain('失败');
      await settle(page);
      await shot(page, 'webhook-1280-failed');

      hook.answer = () => ({ status: 200 });
      await log.getByRole('button', { name: /重\s*发/ }).click();
      await expect.poll(() => page.locator('.ant-message').innerText()).toContain('已重发并送达');
      await expect.poll(() => log.getByRole('button', { name: /重\s*发/ }).count()).toBe(0);

      // The whole log is the generated list, 重发 on a failed row.
      hook.answer = () => ({ status: 500 });
      await card(page)
        .getByRole('button', { name: /发送测试/ })
        .click();
      await expect.poll(() => log.innerText()).toContain('失败');
      await card(page).getByRole('link', { name: '全部投递记录' }).click();
      await page.waitForURL(/\/user\/webhook\/delivery/);
      const row = page.locator('tr', { hasText: '失败' }).first();
      await row.waitFor();
      hook.answer = () => ({ status: 200 });
      await clickRowAction(page, row, '重发');
      await expect.poll(() => page.locator('.ant-message').innerText()).toContain('已重发并送达');
      await settle(page);
      await shot(page, 'webhook-1280-list');
    });
  });

  it('375 px phone: a code that keeps failing pauses the endpoint; the card says so and fits the screen', async () => {
    const sup = server.supToken;
    const customer = await server.api.register('hook_phone', 'hook-pass-456');
    const me = (await server.api.call('GET', '/api/user/base', customer)).data;
    const goods = await server.api.call('POST', '/api/goods/add', sup, {
      title: '回调测试',
      channel: 'sms',
      service: 'tg',
      price: 1,
      valid_hours: 24,
      receive_limit: 0,
      reset_limit: 1,
      min_qty: 1,
      max_qty: 10,
    });
    expect(goods.code, goods.message).toBe(200);
    expect((await server.api.call('POST', '/api/stock/import', sup, { goods_id: goods.data.id, text: '+8613900001111' })).code).toBe(200);
    expect((await server.api.call('POST', '/api/user/money', sup, { id: me.id, amount: 5, remark: '测试' })).code).toBe(200);
    expect((await server.api.call('POST', '/api/order/buy', customer, { goods_id: goods.data.id, quantity: 1 })).code).toBe(200);

    await withBrowser({ width: 375, height: 812 }, async (page) => {
      await useToken(page, server.url, customer, 'user');
      await page.goto(`${server.url}/user/info`);
      await card(page).getByLabel('回调地址').waitFor();
      await saveUrl(page, 'webhook-375');

      hook.answer = () => ({ status: 502 });
      // The sup enters the code by hand: the same path as every code.
      const entered = await server.api.call('POST', '/api/message/add', sup, { recipient: '+8613900001111', text: '您的验证码是 864209' });
      expect(entered.code, entered.message).toBe(200);
      await expect
        .poll(async () => (await server.api.call('GET', '/api/webhook/config', customer)).data.paused, { timeout: 15_000 })
        .toBe(true);
      await page.reload();
      const banner = page.getByTestId('webhook-paused');
      await banner.waitFor();
      expect(await banner.innerText()).toContain('回调已暂停');
      expect(await banner.innerText()).toContain('HTTP 502');
      await card(page).scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await settle(page);
      await shot(page, 'webhook-375-paused');

      // Saving resumes.
      hook.answer = () => ({ status: 200 });
      await card(page)
        .getByRole('button', { name: /保\s*存/ })
        .click();
      await expect.poll(() => page.getByTestId('webhook-paused').count()).toBe(0);
    });
  });
});
