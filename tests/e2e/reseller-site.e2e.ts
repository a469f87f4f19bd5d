/**
 * A reseller's site (分站) in the browser, at 375 and 1280 px: Chromium resolves the reseller's host
 * to the local server, so the pages are asked for by that name, as a customer's browser would. Its
 * /store, /login and /register arrive in its name (the pre-rendered pages branded by the server, the
 * app drawing the same name: no hydration error), with its contact and notice and none of the main
 * site's; its prices are its markup's. A customer registering there lands in a console in its name,
 * with its contact and notice on the home, and the platform's notices for every site's customers, not
 * those for the main site's only. The reseller's 我的分站 shows its figures, its settings and that
 * customer with the profit its order earned and what a refund took back. Nothing scrolls sideways on a
 * phone. Screenshots: reseller-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIST, clickRowAction, openBrowser, settle, shot, useToken } from './harness';
import { axeProblems, headingProblems } from './axe';
import { startServer, SUP, type TestServer } from '../helpers/server';
import { addGoods, buyOk, credit, importLines, phones } from '../helpers/commerce';

const HOST = 'xinghe.example.com';
const NAME = '星河接码';
const CONTACT = '客服微信：xinghe-cs';
const NOTICE = '新客户注册即送体验号码';
const MAIN_CONTACT = '主站客服 QQ 10000';
/** A notice for every site's customers, and one for the main site's only (it names the main site's contact). */
const SERVICE_NOTICE = '今晚两点系统维护';
const MAIN_NOTICE = `主站新用户活动，${MAIN_CONTACT}`;
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 860 },
];

let s: TestServer;
let sup: string;
let agent: { id: number; token: string };
let base: string;
let goods: number;

async function withSiteBrowser(viewport: { width: number; height: number }, fn: (page: Page, errors: string[]) => Promise<void>) {
  const browser = await openBrowser(viewport, [`--host-resolver-rules=MAP ${HOST} 127.0.0.1`]);
  try {
    await fn(browser.page, browser.errors);
  } finally {
    await browser.close();
  }
}

/** The page is no wider than the window (nothing scrolls sideways on a phone). */
const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

beforeAll(async () => {
  s = await startServer('sqlite', { settings: { staticDir: DIST } });
  sup = await s.login(SUP.username, SUP.password);
  await s.post('/api/config/edit', { content: `<p>${MAIN_CONTACT}</p>` }, sup);
  goods = await addGoods(s, sup, { title: 'Telegram 分站', service: 'tg', price: 1.5 });
  await importLines(s, sup, goods, phones(5, 8613720000000));
  for (const [title, audience] of [
    [SERVICE_NOTICE, 'customer'],
    [MAIN_NOTICE, 'main'],
  ]) {
    const notice = await s.post('/api/notice/add', { title, content: `<p>${title}</p>`, audience }, sup);
    expect(notice.code, notice.message).toBe(200);
  }
  agent = await s.addCustomer(sup, 'xinghe_agent', 'Agent-pass-123');
  const made = await s.post(
    '/api/reseller/add',
    { user_id: agent.id, site_name: NAME, host: HOST, markup: 20, contact: `<p>${CONTACT}</p>`, notice: `<p>${NOTICE}</p>` },
    sup,
  );
  expect(made.code, made.message).toBe(200);
  base = `http://${HOST}:${new URL(s.url).port}`;
});
afterAll(async () => {
  await s?.close();
});

describe("a reseller's site", () => {
  for (const viewport of VIEWPORTS) {
    const w = viewport.width;

    it(`${w} px: /store and /login in its name, its contact, notice and prices, none of the main site's`, async () => {
      await withSiteBrowser(viewport, async (page, errors) => {
        await page.goto(`${base}/store`);
        // As the server sent it, before the app ran: the brand is already the reseller's.
        const sent = await page.evaluate(() => fetch('/store').then((r) => r.text()));
        expect(sent).toContain(NAME);
        expect(sent).not.toContain('接码平台');
        await expect.poll(() => page.locator('.store-brand').innerText()).toBe(NAME);
        await expect.poll(() => page.getByText(CONTACT).count()).toBe(1);
        await expect.poll(() => page.getByTestId('site-notice').innerText()).toContain(NOTICE);
        await expect.poll(() => page.locator('.store-products-snapshot').count()).toBe(0);
        const card = page.getByTestId('product-card').filter({ hasText: 'Telegram 分站' });
        await expect.poll(() => card.innerText()).toContain('1.80');
        expect(await page.content()).not.toContain(MAIN_CONTACT);
        expect(await page.title()).toContain(NAME);
        expect(await noSideways(page)).toBe(true);
        await settle(page);
        expect(await axeProblems(page)).toEqual([]);
        await shot(page, `reseller-store-${w}`);

        await page.goto(`${base}/login`);
        await expect.poll(() => page.locator('.auth-brand').innerText()).toBe(NAME);
        await expect.poll(() => page.getByTestId('site-notice').innerText()).toContain(NOTICE);
        expect(await page.content()).not.toContain('接码平台');
        expect(await noSideways(page)).toBe(true);
        await settle(page);
        expect(await axeProblems(page)).toEqual([]);
        expect(await headingProblems(page, NAME)).toEqual([]);
        await shot(page, `reseller-login-${w}`);
        expect(errors).toEqual([]);
      });
    }, 120_000);

    it(`${w} px: a customer registering there is its customer, in a console in its name`, async () => {
      const username = `xh_buyer_${w}`;
      await withSiteBrowser(viewport, async (page, errors) => {
        await page.goto(`${base}/register`);
        await expect.poll(() => page.locator('.auth-brand').innerText()).toBe(NAME);
        await page.getByPlaceholder('用户名', { exact: true }).fill(username);
        await page.getByPlaceholder('密码（至少 8 位）').fill('Customer-pass-1');
        await page.getByPlaceholder('确认密码').fill('Customer-pass-1');
        await page.getByRole('button', { name: /注\s*册/ }).click();
        await page.waitForURL((u) => !u.pathname.startsWith('/register'));
        const user = await s.database.db
          .selectFrom('users')
          .select('reseller_id')
          .where('username', '=', username)
          .executeTakeFirstOrThrow();
        expect(Number(user.reseller_id)).toBe(agent.id);

        await page.goto(`${base}/home`);
        const brand = w < 768 ? page.locator('.shell-header-brand') : page.getByTestId('brand');
        await expect.poll(() => brand.innerText()).toBe(NAME);
        await expect.poll(() => page.getByText(CONTACT).count()).toBeGreaterThan(0);
        await expect.poll(() => page.getByText(NOTICE).count()).toBeGreaterThan(0);
        await expect.poll(() => page.getByTestId('notice-item').filter({ hasText: SERVICE_NOTICE }).count()).toBe(1);
        expect(await page.getByTestId('notice-item').count()).toBe(1);
        expect(await page.content()).not.toContain(MAIN_CONTACT);
        await expect.poll(() => page.title()).toContain(NAME);
        expect(await noSideways(page)).toBe(true);
        await settle(page);
        await shot(page, `reseller-home-${w}`);
        expect(errors).toEqual([]);
      });
    }, 120_000);

    it(`${w} px: 我的分站 shows the reseller its site, figures, settings and customers, with each one's profit`, async () => {
      // Its customer buys 2 at 1.80 (0.30 profit each) and gets a quarter back: 0.15 of the 0.60 taken back.
      const customer = await s.database.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', `xh_buyer_${w}`)
        .executeTakeFirstOrThrow();
      await credit(s, sup, Number(customer.id), 10);
      const bought = await buyOk(s, await s.login(`xh_buyer_${w}`, 'Customer-pass-1'), goods, 2);
      expect(bought.amount).toBe(3.6);
      const refund = await s.post('/api/order/refund', { id: bought.order_id, amount: 0.9, remark: '部分退款' }, sup);
      expect(refund.code, refund.message).toBe(200);
      await withSiteBrowser(viewport, async (page, errors) => {
        await useToken(page, base, agent.token, 'user');
        await page.goto(`${base}/reseller/site`);
        await expect.poll(() => page.getByRole('heading', { name: '我的分站' }).count()).toBe(1);
        await expect.poll(() => page.getByText(`http://${HOST}`).count()).toBeGreaterThan(0);
        await expect
          .poll(() =>
            page
              .getByTestId('reseller-customer')
              .filter({ hasText: `xh_buyer_${w}` })
              .count(),
          )
          .toBe(1);
        const row = page.getByTestId('reseller-customer').filter({ hasText: `xh_buyer_${w}` });
        if (w < 768) {
          await expect.poll(() => row.innerText()).toContain('利润 $0.45');
          expect(await row.innerText()).toContain('已冲回 $0.15');
        } else {
          await expect.poll(() => page.getByRole('columnheader', { name: '已冲回' }).count()).toBe(1);
          const cells = await row.locator('td').allInnerTexts();
          const at = async (header: string) => cells[(await page.getByRole('columnheader').allInnerTexts()).indexOf(header)];
          expect([await at('利润'), await at('已冲回')]).toEqual(['$0.45', '$0.15']);
        }
        await expect.poll(() => page.getByTestId('reseller-customers').innerText()).toContain(w < 768 ? '1' : '2');
        expect(await noSideways(page)).toBe(true);
        await page.waitForLoadState('networkidle');
        await settle(page);
        expect(await axeProblems(page)).toEqual([]);
        expect(await headingProblems(page, '我的分站')).toEqual([]);
        await shot(page, `reseller-mysite-${w}`);
        expect(errors).toEqual([]);
      });
    }, 120_000);
  }

  for (const viewport of VIEWPORTS) {
    it(`${viewport.width} px: the owner's 分站管理 lists the reseller with its figures and leads to its customers`, async () => {
      await withSiteBrowser(viewport, async (page, errors) => {
        await useToken(page, s.url, sup, 'sup');
        await page.goto(`${s.url}/system/reseller`);
        const row = page.locator(viewport.width < 768 ? '.fw-card' : 'tr', { hasText: NAME });
        await expect.poll(() => row.count()).toBe(1);
        await expect.poll(() => row.innerText()).toContain(HOST);
        await page.waitForLoadState('networkidle');
        await settle(page);
        expect(await axeProblems(page)).toEqual([]);
        expect(await noSideways(page)).toBe(true);
        await shot(page, `reseller-admin-${viewport.width}`);
        await clickRowAction(page, row, '客户');
        await page.waitForURL(/\/user\/index\?/);
        await expect.poll(() => page.getByText('xh_buyer_375').count()).toBeGreaterThan(0);
        // Its customers only: not the reseller itself, nor anyone of the main site.
        const rows = page.locator('tbody tr.ant-table-row, .fw-card');
        await expect.poll(() => rows.count()).toBe(2);
        expect(await rows.filter({ hasText: 'xinghe_agent' }).count()).toBe(0);
        expect(errors).toEqual([]);
      });
    }, 120_000);
  }

  it('the main site is untouched: its own name, contact and prices', async () => {
    await withSiteBrowser({ width: 1280, height: 860 }, async (page) => {
      await page.goto(`${s.url}/store`);
      await expect.poll(() => page.locator('.store-brand').innerText()).toBe('接码平台');
      await expect.poll(() => page.getByText(MAIN_CONTACT).count()).toBe(1);
      const card = page.getByTestId('product-card').filter({ hasText: 'Telegram 分站' });
      await expect.poll(() => card.innerText()).toContain('1.50');
    });
  }, 120_000);
});
