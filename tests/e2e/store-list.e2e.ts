/**
 * The store as activation sites list it, with 200 products across 15 services and 14 countries, at
 * 375 and 1280 px: services fold to one line each (badge, name, countries, lowest price, stock),
 * a search finds a service by its English or Chinese name, sorting by price orders its countries,
 * countries read in Chinese (国家 <n> when unknown), 详情 opens a product's card in place, and 购买
 * opens the dialog with the cursor in the quantity, where Enter asks the confirmation. Nothing is
 * wider than a phone and the console logs no error; the public /store lists the same, drawn by the
 * server and taken over without a hydration error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DIST, settle, shot, useToken, withBrowser } from './harness';
import { startServer, SUP, type TestServer } from '../helpers/server';
import { addGoods, credit, importLines, phones } from '../helpers/commerce';

let s: TestServer;
let sup: string;
let customer: { id: number; token: string };

const SERVICES = ['tg', 'wa', 'go', 'fb', 'ig', 'tw', 'wb', 'ds', 'mm', 'am', 'lf', 'dr', 'vi', 'oi', 'ot'];
const COUNTRIES = [0, 187, 6, 16, 22, 9876, 1, 7, 10, 12, 36, 43, 52, 73];
const PRODUCTS = 200;
const VIEWPORTS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

/** Product i: its service, country, a price that is not in the store's order, some stock (none for every 7th). */
const productOf = (i: number) => ({
  title: `${SERVICES[i % SERVICES.length].toUpperCase()} 接码 ${i}`,
  service: SERVICES[i % SERVICES.length],
  country: COUNTRIES[Math.floor(i / SERVICES.length) % COUNTRIES.length],
  price: 0.5 + ((i * 37) % 50) / 10,
  reset_limit: i % 3,
  receive_limit: i % 4 === 0 ? 0 : 1,
  description: `<p>第 ${i} 个商品的说明</p>`,
  sort: i,
  stock: i % 7,
});

beforeAll(async () => {
  s = await startServer('sqlite', { settings: { staticDir: DIST } });
  sup = await s.login(SUP.username, SUP.password);
  for (let i = 0; i < PRODUCTS; i++) {
    const { stock, ...goods } = productOf(i);
    const id = await addGoods(s, sup, goods);
    if (stock > 0) await importLines(s, sup, id, phones(stock, 8613000000000 + i * 10));
  }
  customer = await s.addCustomer(sup, 'list_buyer');
  await credit(s, sup, customer.id, 50);
});
afterAll(async () => {
  await s?.close();
});

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const sections = (page: Page) => page.getByTestId('store-service');
const section = (page: Page, name: string) =>
  sections(page).filter({ has: page.getByTestId('service-name').getByText(name, { exact: true }) });
const rows = (scope: Page | Locator) => scope.getByTestId('product-card');
const dollars = (texts: string[]) => texts.map((t) => Number(t.replace('$', '')));
const dialog = (page: Page) => page.locator('.buy-dialog .ant-modal-content');

async function search(page: Page, text: string) {
  await page.getByRole('textbox', { name: '搜索商品' }).fill(text);
}

/** Every element's right edge is inside the window (a row, a button, the dialog). */
async function nothingPastTheEdge(page: Page) {
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  const past = await page.evaluate(() =>
    [...document.querySelectorAll('.store-list *, .buy-dialog *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.right > window.innerWidth + 0.5;
      })
      .map((el) => el.className || el.tagName),
  );
  expect(past).toEqual([]);
}

describe('the store by service and country', () => {
  for (const viewport of VIEWPORTS) {
    it(`${viewport.width} px: a customer finds a service, sorts its countries by price, opens 详情, and 购买 → Enter → 确认购买`, async () => {
      await withBrowser(viewport, async (page, { errors }) => {
        await useToken(page, s.url, customer.token, 'user');
        await page.goto(`${s.url}/items/store`);

        // 200 products: 15 services, folded to one line each.
        await expect.poll(() => sections(page).count()).toBe(SERVICES.length);
        // Counted: what can be bought (every 7th product has no stock: 29 of 200).
        expect(await page.getByTestId('store-count').innerText()).toBe(`${SERVICES.length} 个服务，171 个商品在售（另有 29 个已售罄）`);
        expect(await rows(page).count()).toBe(0);
        const tgHead = await section(page, 'Telegram').locator('.store-service-head').innerText();
        // 14 countries listed, 12 of them on sale: the count is of those.
        expect(tgHead.replace(/\s+/g, ' ')).toMatch(/Telegram 电报 tg 12 个国家 · \$\d+\.\d\d 起 · 库存 \d+/);
        expect(await section(page, '其他').count()).toBe(1);
        await nothingPastTheEdge(page);
        await settle(page);
        await shot(page, `store-list-${viewport.width}`);

        // A search by the Chinese name finds the service and opens it; its countries read in Chinese.
        await search(page, '电报');
        await expect.poll(() => sections(page).count()).toBe(1);
        const tg = section(page, 'Telegram');
        await expect.poll(() => rows(tg).count()).toBe(14);
        const countries = await rows(tg).getByTestId('product-country-name').allInnerTexts();
        // In the store's order, the sold-out ones (俄罗斯, 马来西亚) last.
        expect(countries).toEqual([
          '美国',
          '印度尼西亚',
          '英国',
          '印度',
          '国家 9876',
          '乌克兰',
          '越南',
          '美国(虚拟)',
          '加拿大',
          '德国',
          '泰国',
          '巴西',
          '俄罗斯',
          '马来西亚',
        ]);
        expect(await rows(tg).last().getByTestId('product-stock').innerText()).toBe('已售罄');
        await search(page, 'whatsapp');
        await expect.poll(() => sections(page).locator('[data-testid="service-name"]').allInnerTexts()).toEqual(['WhatsApp']);
        await search(page, '美国 telegram');
        await expect.poll(() => rows(page).getByTestId('product-country-name').allInnerTexts()).toEqual(['美国', '美国(虚拟)']);
        await search(page, 'telegram');
        await expect.poll(() => rows(tg).count()).toBe(14);

        // 价格最低: what can be bought, cheapest first, then what is sold out.
        await page.locator('.store-sort').getByText('价格最低').click();
        await expect
          .poll(async () => {
            const prices = dollars(
              await rows(tg)
                .filter({ hasNot: page.getByText('已售罄') })
                .getByTestId('product-price')
                .allInnerTexts(),
            );
            return prices.length === 12 && prices.every((p, i) => i === 0 || prices[i - 1] <= p);
          })
          .toBe(true);
        expect(await rows(tg).last().getByTestId('product-stock').innerText()).toBe('已售罄');
        await nothingPastTheEdge(page);
        await settle(page);
        await shot(page, `store-list-${viewport.width}-telegram-by-price`);

        // 详情 opens the product's card in place.
        const cheapest = rows(tg).first();
        const title = await cheapest.locator('.store-offer-title').innerText();
        const i = Number(title.split(' ').pop());
        await cheapest.getByRole('button', { name: '详情' }).click();
        const details = cheapest.getByTestId('product-details');
        const text = (await details.innerText()).replace(/\s+/g, ' ');
        const product = productOf(i);
        expect(text).toContain(`第 ${i} 个商品的说明`);
        expect(text).toContain('有效期 24 小时');
        expect(text).toContain(`接码次数 ${product.receive_limit === 0 ? '不限' : '1 次'}`);
        expect(text).toContain(`重提次数 ${product.reset_limit === 0 ? '不支持重提' : `${product.reset_limit} 次`}`);
        expect(await details.getByTestId('product-service').innerText()).toBe('tg');
        expect(await details.getByTestId('product-country').innerText()).toBe(String(product.country));
        await nothingPastTheEdge(page);
        await settle(page);
        await shot(page, `store-list-${viewport.width}-details`);

        // 购买: the cursor is in the quantity; typing a quantity and Enter at once pays, or asks first above the customer's amount.
        await cheapest.getByRole('button', { name: '购买' }).click();
        await expect.poll(() => dialog(page).getByTestId('buy-total').innerText()).toBe(`$${product.price.toFixed(2)}`);
        await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('购买数量');
        const quantity = Math.min(2, product.stock);
        // Below the customer's amount Enter would pay at once: with the amount set to $0.50, it asks first.
        await dialog(page)
          .getByRole('button', { name: /修\s*改/ })
          .click();
        await dialog(page).getByRole('spinbutton', { name: '单笔超过此金额时再确认' }).fill('0.5');
        await dialog(page)
          .getByRole('button', { name: /保\s*存/ })
          .click();
        await dialog(page).getByRole('spinbutton', { name: '购买数量' }).fill(String(quantity));
        await page.keyboard.press('Enter');
        const confirm = page.locator('.ant-modal-confirm');
        await expect.poll(() => confirm.locator('.ant-modal-confirm-title').innerText()).toBe('确认购买？');
        expect(await confirm.innerText()).toContain(`「${title}」× ${quantity}`);
        await nothingPastTheEdge(page);
        await settle(page);
        await shot(page, `store-list-${viewport.width}-enter-confirm`);
        await confirm.getByRole('button', { name: '再想想' }).click();
        await expect.poll(() => confirm.count()).toBe(0);

        await page.waitForLoadState('networkidle');
        expect(errors).toEqual([]);
      });
    });
  }

  it('375 px: the sup sees the list without buying', async () => {
    await withBrowser(VIEWPORTS[0], async (page, { errors }) => {
      await useToken(page, s.url, sup, 'sup');
      await page.goto(`${s.url}/items/store`);
      await expect.poll(() => sections(page).count()).toBe(SERVICES.length);
      await section(page, 'WhatsApp').locator('.store-service-head').click();
      const wa = section(page, 'WhatsApp');
      await expect.poll(() => rows(wa).count()).toBe(14);
      expect(
        await rows(wa)
          .getByRole('button', { name: '购买' })
          .evaluateAll((b) => b.every((el) => (el as HTMLButtonElement).disabled)),
      ).toBe(true);
      await nothingPastTheEdge(page);
      expect(errors).toEqual([]);
    });
  });

  for (const viewport of VIEWPORTS) {
    it(`${viewport.width} px: the public /store lists the same, drawn by the server, taken over without an error; 登录后购买 stays`, async () => {
      await withBrowser(viewport, async (page, { errors }) => {
        const storeCalls: string[] = [];
        page.on('request', (r) => {
          if (r.url().includes('/api/store/data')) storeCalls.push(r.url());
        });
        await page.goto(`${s.url}/store`);
        await expect.poll(() => page.locator('.store-products-snapshot').count()).toBe(0);
        await expect.poll(() => sections(page).count()).toBe(SERVICES.length);
        // All 200 came with the page.
        expect(storeCalls).toEqual([]);
        await search(page, 'Google');
        const go = section(page, 'Google');
        await expect.poll(() => rows(go).count()).toBe(14);
        expect(await rows(go).getByRole('button', { name: '登录后购买' }).count()).toBe(14);
        expect(await page.getByRole('button', { name: '购买', exact: true }).count()).toBe(0);
        await nothingPastTheEdge(page);
        await settle(page);
        await shot(page, `store-list-public-${viewport.width}`);
        await page.waitForLoadState('networkidle');
        expect(errors).toEqual([]);
      });
    });
  }
});
