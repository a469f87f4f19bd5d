/**
 * The open screens (/store, /login) with and without a session, at 375 and 1280 px: they arrive
 * pre-rendered for a visitor, so a logged-in user's first render must draw the same and only then
 * move on (no hydration error, no console error at all); a logged-in user opening /login lands on
 * /home; 登录后购买 leads through logging in (or registering) back to that product's buy dialog; and
 * a product without resets says 不支持重提 (0 means 不限 only for the receive limit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIST, shot, useToken, withBrowser } from './harness';
import { startServer, SUP, type TestServer } from '../helpers/server';
import { addGoods, credit, importLines, phones } from '../helpers/commerce';

let s: TestServer;
let sup: string;
let customer: { id: number; token: string };
const CUSTOMER_PASSWORD = 'Customer-pass-1';

const TG = { title: 'Telegram 登录购买', service: 'tg', price: 1.5, reset_limit: 2 };
const WA = { title: 'WhatsApp 不可重提', service: 'wa', price: 2, reset_limit: 0, receive_limit: 0 };
const VIEWPORTS = [
  { width: 375, height: 740 },
  { width: 1280, height: 800 },
];

beforeAll(async () => {
  s = await startServer('sqlite', { settings: { staticDir: DIST } });
  sup = await s.login(SUP.username, SUP.password);
  await importLines(s, sup, await addGoods(s, sup, { ...TG, sort: 1 }), phones(5, 8613700000000));
  await importLines(s, sup, await addGoods(s, sup, { ...WA, sort: 2 }), phones(5, 8613710000000));
  customer = await s.addCustomer(sup, 'login_buyer', CUSTOMER_PASSWORD);
  await credit(s, sup, customer.id, 10);
});
afterAll(async () => {
  await s?.close();
});

const card = (page: Page, title: string) => page.getByTestId('product-card').filter({ hasText: title });
const dialog = (page: Page) => page.locator('.buy-dialog .ant-modal-content');
/** The app has taken over the products the server drew (their buttons work from now on). */
const live = (page: Page) => expect.poll(() => page.locator('.store-products-snapshot').count()).toBe(0);

async function logIn(page: Page, username: string, password: string) {
  await page.locator('#login-username').fill(username);
  await page.locator('#login-password').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

describe('the open screens with a session', () => {
  for (const viewport of VIEWPORTS) {
    it(`${viewport.width} px: a logged-in customer and the sup open /store: the console's store, no console error`, async () => {
      for (const [token, type] of [
        [customer.token, 'user'],
        [sup, 'sup'],
      ]) {
        await withBrowser(viewport, async (page, { errors }) => {
          await useToken(page, s.url, token, type);
          await page.goto(`${s.url}/store`);
          await page.waitForURL('**/items/store');
          await expect.poll(() => card(page, TG.title).count()).toBe(1);
          // Whatever the app still had to report about the page it took over has been said by now.
          await page.waitForLoadState('networkidle');
          expect(errors, type).toEqual([]);
        });
      }
    });

    it(`${viewport.width} px: a logged-in customer and the sup opening /login land on /home, no console error`, async () => {
      for (const [token, type] of [
        [customer.token, 'user'],
        [sup, 'sup'],
      ]) {
        await withBrowser(viewport, async (page, { errors }) => {
          await useToken(page, s.url, token, type);
          await page.goto(`${s.url}/login`);
          await page.waitForURL('**/home');
          await expect.poll(() => page.locator('.shell-header').isVisible()).toBe(true);
          await page.waitForLoadState('networkidle');
          expect(errors, type).toEqual([]);
          expect(await page.locator('#login-password').count()).toBe(0);
        });
      }
    });
  }
});

describe('登录后购买', () => {
  for (const viewport of VIEWPORTS) {
    it(`${viewport.width} px: a visitor's 登录后购买 → /login → logged in → that product's buy dialog is open`, async () => {
      await withBrowser(viewport, async (page, { errors }) => {
        await page.goto(`${s.url}/store`);
        await live(page);
        await card(page, WA.title).getByRole('button', { name: '登录后购买' }).click();
        await page.waitForURL('**/login');
        await logIn(page, 'login_buyer', CUSTOMER_PASSWORD);
        await page.waitForURL('**/items/store');
        await expect.poll(() => dialog(page).locator('.ant-modal-title').innerText()).toBe(`购买：${WA.title}`);
        await expect.poll(() => dialog(page).getByTestId('buy-total').innerText()).toBe('$2.00');
        await shot(page, `store-login-buy-${viewport.width}`);
        // Done with: closing it leaves the store, and a reload does not open it again.
        expect(new URL(page.url()).search).toBe('');
        await dialog(page)
          .getByRole('button', { name: /取\s*消/ })
          .click();
        await expect.poll(() => dialog(page).count()).toBe(0);
        await page.reload();
        await expect.poll(() => card(page, TG.title).count()).toBe(1);
        expect(await dialog(page).count()).toBe(0);
        expect(errors).toEqual([]);
      });
    });
  }

  it("375 px: registering instead of logging in also comes back to that product's buy dialog", async () => {
    await withBrowser(VIEWPORTS[0], async (page) => {
      await page.goto(`${s.url}/store`);
      await live(page);
      await card(page, TG.title).getByRole('button', { name: '登录后购买' }).click();
      await page.waitForURL('**/login');
      await page.getByRole('link', { name: /立即注册/ }).click();
      await page.waitForURL('**/register');
      // The login form stays on screen until the register form's code has loaded.
      await page.getByText('注册新账号').waitFor();
      await page.getByPlaceholder('用户名', { exact: true }).fill('new_buyer');
      await page.getByPlaceholder(/密码（至少/).fill('New-buyer-pass-1');
      await page.getByPlaceholder('确认密码').fill('New-buyer-pass-1');
      await page.getByRole('button', { name: /注\s*册/ }).click();
      await page.waitForURL('**/items/store');
      await expect.poll(() => dialog(page).locator('.ant-modal-title').innerText()).toBe(`购买：${TG.title}`);
    });
  });
});

describe('重提次数 0', () => {
  for (const viewport of VIEWPORTS) {
    it(`${viewport.width} px: reads 不支持重提 in 详情 on the public and the console's store and in the buy dialog; 接码次数 0 reads 不限`, async () => {
      await withBrowser(viewport, async (page) => {
        await page.goto(`${s.url}/store`);
        // A product's limits are in its card, opened with its row's 详情.
        const facts = async (title: string) => {
          await card(page, title).getByRole('button', { name: '详情' }).click();
          return (await card(page, title).getByTestId('product-details').innerText()).replace(/\s+/g, ' ');
        };
        await live(page);
        const wa = await facts(WA.title);
        expect(wa).toContain('重提次数 不支持重提');
        expect(wa).toContain('接码次数 不限');
        expect(await facts(TG.title)).toContain('重提次数 2 次');

        await useToken(page, s.url, customer.token, 'user');
        await page.goto(`${s.url}/items/store`);
        await expect.poll(() => card(page, WA.title).count()).toBe(1);
        expect(await facts(WA.title)).toContain('重提次数 不支持重提');
        await card(page, WA.title).getByRole('button', { name: '购买' }).click();
        await expect.poll(() => dialog(page).innerText()).toContain('不支持重提');
      });
    });
  }

  it('a link of such a product says 不支持重提 on its detail page', async () => {
    const bought = await s.post('/api/order/buy', { goods_id: await goodsId(WA.title), quantity: 1 }, customer.token);
    expect(bought.code, bought.message).toBe(200);
    await withBrowser(VIEWPORTS[1], async (page) => {
      await useToken(page, s.url, customer.token, 'user');
      await page.goto(`${s.url}/items/api/token/show/${bought.data.tokens[0].id}`);
      const row = page.locator('.ant-descriptions-row').filter({ hasText: '重提上限' });
      await expect.poll(() => row.innerText().then((t) => t.replace(/\s+/g, ' '))).toContain('不支持重提');
    });
  });
});

async function goodsId(title: string): Promise<number> {
  const row = await s.database.db.selectFrom('goods').select('id').where('title', '=', title).executeTakeFirstOrThrow();
  return Number(row.id);
}
