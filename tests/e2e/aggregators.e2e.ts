/**
 * 聚合平台 in the browser, against a fake aggregator on loopback: the sup adds one in the generated
 * form, reads the endpoint address to paste into the aggregator's panel (a copy button beside it),
 * sees it connect once it calls, and the key never comes back; 代售记录 lists the number it took, the
 * home shows its sales, the product form has the agent fields in their own group. At 1280 px and on a
 * 375 px phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AgentCaller, FakeAggregator } from '../helpers/fake-aggregator';
import { ADMIN, withBrowser, shot, startServer, useToken, type Server } from './harness';

// The fake aggregator listens on loopback; the server (a child process) reads this from its environment.
process.env.WEBHOOK_ALLOW_PRIVATE = '1';

let server: Server;
let agg: FakeAggregator;
let supToken: string;

beforeAll(async () => {
  agg = await FakeAggregator.start('browser-agg-key-7f3a');
  server = await startServer();
  supToken = await server.api.login(ADMIN.username, ADMIN.password);
  const goods = await server.api.call('POST', '/api/goods/add', supToken, {
    title: 'WhatsApp 俄罗斯',
    channel: 'sms',
    service: 'wa',
    price: 1,
    valid_hours: 1,
    agent_sell: true,
  });
  expect(goods.code, goods.message).toBe(200);
  const stock = await server.api.call('POST', '/api/stock/import', supToken, { goods_id: goods.data.id, text: '79001234000\n79001234001' });
  expect(stock.code, stock.message).toBe(200);
});
afterAll(async () => {
  await server?.stop();
  await agg?.close();
});

const row = (page: Page, name: string) => page.locator('tr').filter({ hasText: name }).first();

describe('聚合平台 in the browser', () => {
  it('1280 px: added in the form, its endpoint to paste, connected once it calls; its records and sales', async () => {
    await withBrowser({ width: 1280, height: 900 }, async (page) => {
      await useToken(page, server.url, supToken, 'sup');
      await page.goto(`${server.url}/items/aggregator`);
      await expect.poll(() => page.getByText('还没有接入聚合平台').count()).toBeGreaterThan(0);
      await page
        .getByRole('button', { name: /接入聚合平台|新\s*增|添\s*加|新\s*建/ })
        .first()
        .click();
      await page.getByLabel('名称').fill('SMSHUB');
      await page.getByLabel('密钥').fill(agg.key);
      await page.getByLabel('短信推送地址').fill(agg.pushUrl);
      await page
        .getByRole('button', { name: /保\s*存|提\s*交|确\s*定/ })
        .last()
        .click();
      await expect.poll(() => row(page, 'SMSHUB').count()).toBe(1);
      await expect.poll(() => row(page, 'SMSHUB').innerText()).toContain('未连接');
      const endpoint = await row(page, 'SMSHUB').innerText();
      const match = /http:\/\/[^\s]+\/api\/agent\/(\d+)/.exec(endpoint);
      expect(match, endpoint).not.toBeNull();
      expect(await page.content()).not.toContain(agg.key);
      await shot(page, 'aggregators-new-1280');

      // The aggregator calls the address shown: connected; it takes a number and buys it.
      const hub = new AgentCaller(match![0], agg.key);
      expect((await hub.services()).json.status).toBe('SUCCESS');
      const taken = await hub.number({ country: 'russia', service: 'wa', sum: 45 });
      expect(taken.json.status).toBe('SUCCESS');
      await page.reload();
      await expect.poll(() => row(page, 'SMSHUB').innerText()).toContain('正常');
      await shot(page, 'aggregators-1280');

      await page.goto(`${server.url}/items/agent/record`);
      await expect.poll(() => row(page, String(taken.json.number)).count()).toBe(1);
      expect(await row(page, String(taken.json.number)).innerText()).toContain('代售中');
      await hub.finish(taken.json.activationId, 3);
      await page.reload();
      await expect.poll(() => row(page, String(taken.json.number)).innerText()).toContain('已售出');
      await shot(page, 'agent-records-1280');

      await page.goto(`${server.url}/home`);
      await expect.poll(() => page.getByTestId('agent-sales').count()).toBe(1);
      expect(await page.getByTestId('agent-sales').innerText()).toContain('$0.50');
      await shot(page, 'agent-sales-home-1280');

      // The product form: the agent fields in their own group, folded until opened (this one is on).
      await page.goto(`${server.url}/items/goods`);
      await page
        .getByRole('button', { name: /新\s*增|添\s*加|新\s*建/ })
        .first()
        .click();
      await page.locator('.ant-collapse-header').filter({ hasText: '代售给聚合平台' }).click();
      const form = page.locator('.ant-modal, .ant-drawer, form').filter({ hasText: '聚合平台服务代码' }).first();
      await expect.poll(() => form.innerText()).toContain('代售最低价');
      expect(await form.innerText()).toContain('聚合平台国家');
      await page.waitForTimeout(400);
      await shot(page, 'agent-goods-form-1280');
    });
  });

  it('375 px: the aggregators and their records are usable on a phone', async () => {
    await withBrowser({ width: 375, height: 800 }, async (page) => {
      await useToken(page, server.url, supToken, 'sup');
      for (const [path, text, name] of [
        ['/items/aggregator', 'SMSHUB', 'aggregators-375'],
        ['/items/agent/record', '79001234000', 'agent-records-375'],
        ['/home', '聚合平台代售', 'agent-sales-home-375'],
      ]) {
        await page.goto(`${server.url}${path}`);
        await expect.poll(() => page.getByText(text).count()).toBeGreaterThan(0);
        await page.waitForTimeout(600);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, path).toBeLessThanOrEqual(0);
        await shot(page, name);
      }
    });
  });
});
