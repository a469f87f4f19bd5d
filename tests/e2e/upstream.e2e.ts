/**
 * 上游渠道 in the browser: the sup sees each provider's balance and last error in the generated list,
 * refreshes the balance from the row, and fills a product's upstream fields in its form. At 1280 px
 * and on a 375 px phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startFakeSmsActivate, type FakeSmsActivate } from '../helpers/fake-sms-activate';
import { ADMIN, clickRowAction, withBrowser, shot, startServer, useToken, type Server } from './harness';

// The fake provider listens on loopback; the server (a child process) reads this from its environment.
process.env.WEBHOOK_ALLOW_PRIVATE = '1';

let server: Server;
let fake: FakeSmsActivate;
let supToken: string;

beforeAll(async () => {
  fake = await startFakeSmsActivate({ balance: 42.5 });
  server = await startServer();
  supToken = await server.api.login(ADMIN.username, ADMIN.password);
  const good = await server.api.call('POST', '/api/provider/add', supToken, { name: '主上游', base_url: fake.url, api_key: fake.apiKey });
  expect(good.code, good.message).toBe(200);
  const bad = await server.api.call('POST', '/api/provider/add', supToken, { name: '备用上游', base_url: fake.url, api_key: 'wrong-key' });
  expect(bad.code, bad.message).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  await fake?.close();
});

const row = (page: Page, name: string) => page.locator('tr').filter({ hasText: name }).first();

describe('上游渠道 in the browser', () => {
  it('1280 px: refreshing shows the balance; a wrong key shows as the last error; the key is never shown', async () => {
    await withBrowser({ width: 1280, height: 900 }, async (page) => {
      await useToken(page, server.url, supToken, 'sup');
      await page.goto(`${server.url}/system/provider`);
      await expect.poll(() => row(page, '主上游').count()).toBe(1);
      await clickRowAction(page, row(page, '主上游'), '刷新余额');
      await expect.poll(() => row(page, '主上游').innerText()).toContain('42.50');
      await clickRowAction(page, row(page, '备用上游'), '刷新余额');
      await expect.poll(() => row(page, '备用上游').innerText()).toContain('BAD_KEY');
      await page.mouse.move(0, 0);
      await page.waitForTimeout(600);
      expect(await page.content()).not.toContain(fake.apiKey);
      await shot(page, 'upstream-providers-1280');

      await page.goto(`${server.url}/items/goods`);
      await page
        .getByRole('button', { name: /新\s*增|添\s*加|新\s*建/ })
        .first()
        .click();
      // A new product uses no upstream provider: its group is folded until opened.
      await page.locator('.ant-collapse-header').filter({ hasText: '上游渠道' }).click();
      const form = page.locator('.ant-modal, .ant-drawer, form').filter({ hasText: '上游服务代码' }).first();
      await expect.poll(() => form.innerText()).toContain('上游最高价');
      expect(await form.innerText()).toContain('上游渠道');
      await page.waitForTimeout(400);
      await shot(page, 'upstream-goods-form-1280');
    });
  });

  it('375 px: the provider list is usable on a phone', async () => {
    await withBrowser({ width: 375, height: 800 }, async (page) => {
      await useToken(page, server.url, supToken, 'sup');
      await page.goto(`${server.url}/system/provider`);
      await expect.poll(() => page.getByText('主上游').count()).toBeGreaterThan(0);
      await page.waitForTimeout(600);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, 'upstream-providers-375');
    });
  });
});
