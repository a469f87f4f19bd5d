/**
 * Wide lists at 1280 px: the time columns and the actions stay in view (the other columns scroll
 * inside the table), a row's extra links sit behind 更多 and still work; 续费 and 重提 only where they
 * apply. The customer's 我的API and the sup's user list, and both on a 375 px phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN, openBrowser, shot, startServer, useToken, type Server } from './harness';

let server: Server;
let sup: string;
let buyer: { id: number; token: string };
let renewable: Array<{ id: number; identifier: string; url: string }> = [];
let fixed: { id: number; identifier: string; url: string };

const post = async (url: string, token: string, body: unknown) => {
  const r = await server.api.call('POST', url, token, body);
  if (r.code !== 200) throw new Error(`${url}: ${r.code} ${r.message}`);
  return r.data;
};

async function product(title: string, first: number, fields: Record<string, unknown>) {
  const id = (
    await post('/api/goods/add', sup, {
      title,
      channel: 'sms',
      service: 'tg',
      price: 1,
      valid_hours: 24,
      receive_limit: 1,
      reset_limit: 1,
      code_wait_minutes: 0,
      min_qty: 1,
      max_qty: 100,
      ...fields,
    })
  ).id;
  await post('/api/stock/import', sup, { goods_id: id, text: Array.from({ length: 4 }, (_, i) => `+86137000${first + i}`).join('\n') });
  return id;
}

beforeAll(async () => {
  server = await startServer();
  sup = await server.api.login(ADMIN.username, ADMIN.password);
  const added = await post('/api/user/add', sup, {
    username: 'fit_buyer',
    password: 'Buyer-pass-123',
    email: 'a-rather-long-address@example.com',
    tg: '@fit_buyer_telegram',
  });
  buyer = { id: added.id, token: await server.api.login('fit_buyer', 'Buyer-pass-123') };
  await post('/api/user/money', sup, { id: buyer.id, amount: 50, remark: '测试充值' });
  const renewing = await product('可续费的产品', 10000, { renew_price: 0.5, reset_limit: 1 });
  const once = await product('不可续费的产品', 20000, { renew_price: 0, reset_limit: 0 });
  renewable = (await post('/api/order/buy', buyer.token, { goods_id: renewing, quantity: 2 })).tokens;
  [fixed] = (await post('/api/order/buy', buyer.token, { goods_id: once, quantity: 1 })).tokens;
});
afterAll(async () => {
  await server?.stop();
});

async function withPage(width: number, token: string, type: string, fn: (page: Page) => Promise<void>) {
  const browser = await openBrowser({ width, height: width < 768 ? 812 : 800 });
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  try {
    await useToken(browser.page, server.url, token, type);
    await fn(browser.page);
  } finally {
    await browser.close();
  }
}

/** A header cell is whole within the table's visible part and the window. */
async function expectInView(page: Page, header: string) {
  const th = page.locator('thead th').filter({ hasText: new RegExp(`^${header}$`) });
  const box = (await th.boundingBox())!;
  const table = (await page.locator('.ant-table-container').boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, header).toBeGreaterThanOrEqual(table.x - 1);
  expect(box.x + box.width, header).toBeLessThanOrEqual(Math.min(table.x + table.width, width) + 1);
}

/** Every button inside is within the window's width. */
async function expectButtonsFit(scope: Locator, width: number) {
  for (const b of await scope.getByRole('button').all()) {
    const box = await b.boundingBox();
    if (!box) continue;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
  }
}

const tableRow = (page: Page, text: string) => page.locator('tbody tr.ant-table-row').filter({ hasText: text });
const openMenu = (page: Page) => page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .fw-more-menu');
const settle = async (page: Page) => {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
};

describe('我的API at 1280 px', () => {
  it('keeps the state, the code and the actions in view; the copy links sit behind 更多 and copy', async () => {
    await withPage(1280, buyer.token, 'user', async (page) => {
      await page.goto(`${server.url}/items/api/token`);
      await expect.poll(() => page.locator('.ant-table-tbody').innerText()).toContain(fixed.identifier);
      for (const h of ['状态', '验证码', '操作']) await expectInView(page, h);
      const live = tableRow(page, renewable[0].identifier);
      await expect.poll(() => live.getByRole('button', { name: '续费', exact: true }).count()).toBe(1);
      // 重提 asks for another code: not before the first.
      expect(await live.getByRole('button', { name: '重提', exact: true }).count()).toBe(0);
      await settle(page);
      await shot(page, 'fit-1280-my-api');

      await live.getByRole('button', { name: /更多/ }).click();
      await expect.poll(() => openMenu(page).innerText()).toContain('复制号码和链接');
      await shot(page, 'fit-1280-my-api-more');
      await openMenu(page).getByRole('button', { name: '复制号码和链接' }).click();
      await expect
        .poll(() => page.evaluate(() => navigator.clipboard.readText()))
        .toBe(`${renewable[0].identifier}----${renewable[0].url}`);
      await expect.poll(() => openMenu(page).count()).toBe(0);
    });
  });

  it('offers no 续费 on a product that cannot be renewed, and no 重提 without resets left', async () => {
    await withPage(1280, buyer.token, 'user', async (page) => {
      await page.goto(`${server.url}/items/api/token`);
      const row = tableRow(page, fixed.identifier);
      // A copy link moves up in their place.
      await expect.poll(() => row.getByRole('button', { name: '复制链接', exact: true }).count()).toBe(1);
      expect(await row.getByRole('button', { name: '续费', exact: true }).count()).toBe(0);
      expect(await row.getByRole('button', { name: '重提', exact: true }).count()).toBe(0);

      // The one reset of the other product used: 重提 goes, 续费 stays.
      await post('/api/token/reset', buyer.token, { id: renewable[1].id });
      await page.reload();
      const used = tableRow(page, renewable[1].identifier);
      await expect.poll(() => used.getByRole('button', { name: '续费', exact: true }).count()).toBe(1);
      expect(await used.getByRole('button', { name: '重提', exact: true }).count()).toBe(0);
    });
  });
});

describe("the sup's user list at 1280 px", () => {
  it('keeps 创建时间 and the actions in view; 切换到该用户 behind 更多 opens its confirmation', async () => {
    await withPage(1280, sup, 'sup', async (page) => {
      await page.goto(`${server.url}/user/index`);
      await expect.poll(() => page.locator('.ant-table-tbody').innerText()).toContain('fit_buyer');
      for (const h of ['创建时间', '操作']) await expectInView(page, h);
      await settle(page);
      await shot(page, 'fit-1280-users');
      const row = tableRow(page, 'fit_buyer');
      await row.getByRole('button', { name: /更多/ }).click();
      await openMenu(page).getByRole('button', { name: '切换到该用户' }).click();
      await expect.poll(() => page.locator('.ant-modal-confirm').innerText()).toContain('fit_buyer');
      await expect.poll(() => openMenu(page).count()).toBe(0);
      await settle(page);
      await shot(page, 'fit-1280-users-switch');
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /取\s*消/ })
        .click();
    });
  });
});

describe('at 375 px', () => {
  it('我的API and the user list are cards with every action in view, no sideways page', async () => {
    await withPage(375, buyer.token, 'user', async (page) => {
      await page.goto(`${server.url}/items/api/token`);
      await expect.poll(() => page.locator('.fw-cards').innerText()).toContain(fixed.identifier);
      const card = page.locator('.fw-card').filter({ hasText: renewable[0].identifier });
      // The actions that apply, as many as a line holds (the copies may sit behind 更多).
      await expect.poll(() => card.getByRole('button', { name: '续费', exact: true }).count()).toBe(1);
      await expectButtonsFit(page.locator('.fw-cards'), 375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await settle(page);
      await shot(page, 'fit-375-my-api');
    });
    await withPage(375, sup, 'sup', async (page) => {
      await page.goto(`${server.url}/user/index`);
      await expect.poll(() => page.locator('.fw-cards').innerText()).toContain('fit_buyer');
      await expectButtonsFit(page.locator('.fw-cards'), 375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await settle(page);
      await shot(page, 'fit-375-users');
    });
  });
});
