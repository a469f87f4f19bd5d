/**
 * The store in the browser: a customer opens 接码中心 → API商城, buys two links in one dialog
 * (支付 $x; a confirmation only above the amount the customer set), sees and copies them, and the header balance drops; a phone
 * does the same at 375 px; the public /store shows the same products without buying; and /c/<token>
 * shows the code the moment it is delivered. The server runs in this process (the built console
 * served from dist) so a code is delivered through deliverMessage, the path every intake calls,
 * and wakes the page's long-poll at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIST, SHOTS, openBrowser, shot, useToken } from './harness';
import { startServer, SUP, type TestServer } from '../helpers/server';
import { addGoods, credit, deliver, importLines, phones } from '../helpers/commerce';

let s: TestServer;
let sup: string;
let customer: { id: number; token: string };
let poor: { id: number; token: string };

const TG = {
  title: 'Telegram 接码',
  service: 'tg',
  country: 0,
  price: 1.5,
  description: '<p>支持 <b>Telegram</b> 注册与登录</p><script>window.__bad=1</script>',
};
const MAIL = {
  title: 'Google 邮箱接码',
  channel: 'mail',
  service: 'go',
  country: 12,
  price: 0.8,
  receive_limit: 0,
  description: '<p>Gmail 验证邮件</p>',
};
const WA = { title: 'WhatsApp 接码', service: 'wa', country: 6, price: 30, description: '' };

beforeAll(async () => {
  s = await startServer('sqlite', { settings: { staticDir: DIST } });
  sup = await s.login(SUP.username, SUP.password);
  const tg = await addGoods(s, sup, { ...TG, sort: 1 });
  await importLines(s, sup, tg, phones(10, 8613900000000));
  const mail = await addGoods(s, sup, { ...MAIL, sort: 2 });
  await importLines(s, sup, mail, ['alpha.one@example.com', 'beta.two@example.com', 'gamma.three@example.com']);
  const wa = await addGoods(s, sup, { ...WA, sort: 3 });
  await importLines(s, sup, wa, phones(2, 8613910000000));
  customer = await s.addCustomer(sup, 'store_buyer');
  await credit(s, sup, customer.id, 20);
  poor = await s.addCustomer(sup, 'store_phone');
  await credit(s, sup, poor.id, 5);
  // This customer pays half for mailboxes: the console's store shows their price, the public one the list price.
  const discount = await s.post('/api/discount/add', { user_id: poor.id, goods_id: mail, rate: 0.5 }, sup);
  expect(discount.code, discount.message).toBe(200);
});
afterAll(async () => {
  await s?.close();
});

async function withBrowser(viewport: { width: number; height: number }, fn: (page: Page) => Promise<void>) {
  const browser = await openBrowser(viewport);
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.url });
  try {
    await fn(browser.page);
  } finally {
    await browser.close();
  }
}

async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
}

/** What the screen shows (not the full page): a dialog over a scrolled page, as a person sees it. */
async function screenShot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const card = (page: Page, title: string) => page.getByTestId('product-card').filter({ hasText: title });
const titles = (page: Page) => page.getByTestId('product-card').locator('.store-offer-title').allInnerTexts();
/** A product's card (description, limits, service code and country number), opened with its row's 详情. */
async function details(page: Page, title: string) {
  await card(page, title).getByRole('button', { name: '详情' }).click();
  return card(page, title).getByTestId('product-details');
}
const dialog = (page: Page) => page.locator('.buy-dialog .ant-modal-content');
const balanceOf = async (userId: number) =>
  Number((await s.database.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow()).balance);

/** Sets the quantity in the open buy dialog and waits for the total the server quotes for it. */
async function quantity(page: Page, n: number, total: string) {
  const input = dialog(page).getByRole('spinbutton', { name: '购买数量' });
  await input.fill(String(n));
  await expect.poll(() => dialog(page).getByTestId('buy-total').innerText()).toBe(total);
}

/** Pays with the dialog's own 支付 $x (no second dialog below the customer's amount). */
async function pay(page: Page, total: string) {
  const submit = dialog(page).getByTestId('buy-submit');
  await expect.poll(() => submit.innerText()).toBe(`支付 ${total}`);
  await submit.click();
  await expect.poll(() => dialog(page).getByTestId('activation').count()).toBeGreaterThan(0);
  expect(await page.locator('.ant-modal-confirm').count()).toBe(0);
}

/** What the focused element says (its accessible text). */
const focused = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '');

describe('the store', () => {
  it('1280 px: a customer opens 接码中心 → API商城, buys 2 through the dialog, copies a link; the balance drops', async () => {
    await withBrowser({ width: 1280, height: 800 }, async (page) => {
      await useToken(page, s.url, customer.token, 'user');
      await page.goto(`${s.url}/home`);
      await expect.poll(() => page.getByTestId('balance').innerText()).toContain('$20.00');
      const sider = page.locator('.ant-layout-sider');
      const section = sider.locator('.ant-menu-submenu-title', { hasText: '接码中心' });
      if (!(await section.evaluate((el) => el.parentElement?.classList.contains('ant-menu-submenu-open')))) await section.click();
      await sider.getByText('API商城').click();
      await page.waitForURL('**/items/store');

      await expect.poll(() => page.getByTestId('product-card').count()).toBe(3);
      expect(await titles(page)).toEqual([TG.title, MAIL.title, WA.title]);
      const tg = card(page, TG.title);
      expect(await tg.getByTestId('product-country-name').innerText()).toBe('俄罗斯');
      expect(await tg.getByTestId('product-price').innerText()).toBe('$1.50');
      expect(await tg.getByTestId('product-stock').innerText()).toBe('10');
      expect(await card(page, MAIL.title).getByTestId('product-country-name').innerText()).toBe('美国(虚拟)');
      expect(await (await details(page, MAIL.title)).getByTestId('product-country').innerText()).toBe('12');
      const tgDetails = await details(page, TG.title);
      expect(await tgDetails.getByTestId('product-service').innerText()).toBe('tg');
      const text = await tgDetails.innerText();
      for (const want of ['支持 Telegram 注册与登录', '24 小时', '接码次数', '1 次', '重提次数', '2 次', '每次购买 1–100 个'])
        expect(text).toContain(want);
      expect(await page.evaluate(() => (window as Window & { __bad?: unknown }).__bad)).toBeUndefined();
      await settle(page);
      await shot(page, 'store-1280');

      // Too dear for this balance: the balance after is red, the button says so, and 充值 is offered.
      await card(page, WA.title).getByRole('button', { name: '购买' }).click();
      await expect.poll(() => dialog(page).getByTestId('buy-balance-after').innerText()).toBe('-$10.00');
      expect(await dialog(page).getByTestId('buy-balance-after').getAttribute('class')).toContain('buy-danger');
      expect(await dialog(page).getByRole('link', { name: '去充值' }).getAttribute('href')).toBe('/account/recharge');
      expect(await dialog(page).getByTestId('buy-submit').isDisabled()).toBe(true);
      await settle(page);
      await screenShot(page, 'store-1280-dialog-short');
      await dialog(page)
        .getByRole('button', { name: /取\s*消/ })
        .click();
      await expect.poll(() => dialog(page).count()).toBe(0);

      await tg.getByRole('button', { name: '购买' }).click();
      await expect.poll(() => dialog(page).getByTestId('buy-total').innerText()).toBe('$1.50');
      await quantity(page, 2, '$3.00');
      expect(await dialog(page).getByTestId('buy-balance').innerText()).toBe('$20.00');
      expect(await dialog(page).getByTestId('buy-balance-after').innerText()).toBe('$17.00');
      await settle(page);
      await screenShot(page, 'store-1280-dialog');

      // Above the amount this customer set ($2), 支付 asks first; saying no there moves no money.
      await dialog(page)
        .getByRole('button', { name: /修\s*改/ })
        .click();
      await dialog(page).getByRole('spinbutton', { name: '单笔超过此金额时再确认' }).fill('2');
      await dialog(page)
        .getByRole('button', { name: /保\s*存/ })
        .click();
      expect(await dialog(page).getByTestId('buy-confirm-above').innerText()).toContain('单笔超过 $2.00 时，支付前再确认一次');
      await dialog(page).getByTestId('buy-submit').click();
      const confirm = page.locator('.ant-modal-confirm');
      await expect.poll(() => confirm.locator('.ant-modal-confirm-title').innerText()).toBe('确认购买？');
      expect(await confirm.innerText()).toContain('「Telegram 接码」× 2，共 $3.00');
      await settle(page);
      await screenShot(page, 'store-1280-dialog-confirm-above');
      await confirm.getByRole('button', { name: '再想想' }).click();
      await expect.poll(() => confirm.count()).toBe(0);
      expect(await balanceOf(customer.id)).toBe(2000);
      // Raised to $5, the same $3.00 pays at once from the dialog.
      await dialog(page)
        .getByRole('button', { name: /修\s*改/ })
        .click();
      await dialog(page).getByRole('spinbutton', { name: '单笔超过此金额时再确认' }).fill('5');
      await dialog(page)
        .getByRole('button', { name: /保\s*存/ })
        .click();

      await pay(page, '$3.00');
      await expect.poll(() => dialog(page).getByTestId('bought-link').count()).toBe(2);
      // The keyboard is on the first number's 复制号码, not on 关闭.
      await expect.poll(() => focused(page)).toBe('复制号码');
      const links = await s.database.db
        .selectFrom('tokens')
        .select(['identifier', 'token'])
        .where('user_id', '=', customer.id)
        .orderBy('id')
        .execute();
      expect(links).toHaveLength(2);
      const urls = await dialog(page).getByTestId('bought-url').allInnerTexts();
      expect(urls).toEqual(links.map((l) => `${s.url}/c/${l.token}`));
      expect(await dialog(page).getByTestId('activation-number').allInnerTexts()).toEqual(links.map((l) => l.identifier));
      await expect.poll(() => page.getByTestId('balance').innerText()).toContain('$17.00');
      expect(await balanceOf(customer.id)).toBe(1700);
      await settle(page);
      await screenShot(page, 'store-1280-bought');

      const first = dialog(page).getByTestId('bought-link').first();
      await first.getByRole('button', { name: '复制链接' }).click();
      await expect.poll(() => page.locator('.ant-message').innerText()).toContain('链接已复制');
      expect(await clipboard(page)).toBe(urls[0]);
      await first.getByRole('button', { name: '复制号码和链接' }).click();
      await expect.poll(() => clipboard(page)).toBe(`${links[0].identifier}----${urls[0]}`);
      await dialog(page).getByRole('button', { name: '复制全部号码和链接' }).click();
      await expect.poll(() => clipboard(page)).toBe(links.map((l, i) => `${l.identifier}----${urls[i]}`).join('\n'));

      await dialog(page).getByRole('button', { name: '关闭' }).click();
      await expect.poll(() => tg.getByTestId('product-stock').innerText()).toBe('8');
    });
  });

  it('375 px: rows stack without overflow; the dialog and the links bought fit the phone', async () => {
    await withBrowser({ width: 375, height: 812 }, async (page) => {
      await useToken(page, s.url, poor.token, 'user');
      await page.goto(`${s.url}/items/store`);
      await expect.poll(() => page.getByTestId('product-card').count()).toBe(3);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      const boxes = await Promise.all((await page.getByTestId('product-card').all()).map((c) => c.boundingBox()));
      for (const b of boxes) {
        expect(b!.x).toBeGreaterThanOrEqual(0);
        expect(b!.x + b!.width).toBeLessThanOrEqual(375);
        expect(b!.x).toBe(boxes[0]!.x);
      }
      expect(boxes[1]!.y).toBeGreaterThan(boxes[0]!.y + boxes[0]!.height - 1);
      await settle(page);
      await shot(page, 'store-375');

      expect(await card(page, MAIL.title).getByTestId('product-price').innerText()).toBe('$0.40');
      expect(await card(page, MAIL.title).locator('del').innerText()).toBe('$0.80');
      await card(page, MAIL.title).getByRole('button', { name: '购买' }).click();
      await quantity(page, 2, '$0.80');
      expect(await dialog(page).getByTestId('buy-balance-after').innerText()).toBe('$4.20');
      const box = await dialog(page).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      await settle(page);
      await screenShot(page, 'store-375-dialog');
      await pay(page, '$0.80');
      await expect.poll(() => dialog(page).getByTestId('bought-link').count()).toBe(2);
      await expect.poll(() => page.getByTestId('balance').innerText()).toContain('$4.20');
      expect(await balanceOf(poor.id)).toBe(420);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      for (const b of await Promise.all((await dialog(page).getByTestId('bought-link').all()).map((c) => c.boundingBox()))) {
        expect(b!.x + b!.width).toBeLessThanOrEqual(375);
      }
      await settle(page);
      await screenShot(page, 'store-375-bought');
    });
  });

  it('375 px: the buy dialog opens with styles antd already holds (a tap inserts none, which would restyle the whole page)', async () => {
    await withBrowser({ width: 375, height: 812 }, async (page) => {
      await useToken(page, s.url, poor.token, 'user');
      await page.goto(`${s.url}/items/store`);
      await expect.poll(() => page.getByTestId('product-card').count()).toBe(3);
      await page.waitForLoadState('networkidle'); // the buy dialog's code is in
      // antd's generated styles, by their hashes (the scroll lock's own rule comes and goes with the dialog).
      const styles = () =>
        page.evaluate(() => [...document.querySelectorAll('style[data-css-hash]')].map((s) => s.getAttribute('data-css-hash')));
      const before = await styles();
      expect(before.length).toBeGreaterThan(0);
      await card(page, TG.title).getByRole('button', { name: '购买' }).click();
      await expect.poll(() => dialog(page).getByTestId('buy-total').innerText()).toBe('$1.50');
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('购买数量');
      expect((await styles()).filter((s) => !before.includes(s))).toEqual([]);
    });
  });

  it('the public /store shows the same products at list prices, without buying', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 812 },
    ]) {
      await withBrowser(viewport, async (page) => {
        await page.goto(`${s.url}/store`);
        // The cards the server drew are replaced by the app's own once it runs: read those.
        await expect.poll(() => page.locator('.store-products-snapshot').count()).toBe(0);
        await expect.poll(() => page.getByTestId('product-card').count()).toBe(3);
        expect(await titles(page)).toEqual([TG.title, MAIL.title, WA.title]);
        expect(await card(page, TG.title).getByTestId('product-price').innerText()).toBe('$1.50');
        expect(await (await details(page, TG.title)).getByTestId('product-service').innerText()).toBe('tg');
        expect(await card(page, MAIL.title).getByTestId('product-price').innerText()).toBe('$0.80');
        expect(await page.getByRole('button', { name: '购买', exact: true }).count()).toBe(0);
        expect(await page.getByRole('button', { name: '登录后购买' }).count()).toBe(3);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await settle(page);
        await shot(page, `store-public-${viewport.width}`);
        if (viewport.width === 375) {
          await page.getByRole('button', { name: '登录后购买' }).first().click();
          await page.waitForURL('**/login');
        }
      });
    }
  });

  it('/c/<token> shows the identifier, then the code the moment it is delivered; copying works', async () => {
    const link = await s.database.db
      .selectFrom('tokens')
      .select(['identifier', 'token'])
      .where('user_id', '=', customer.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 375, height: 812 },
    ]) {
      await withBrowser(viewport, async (page) => {
        const scripts: string[] = [];
        page.on('request', (r) => {
          if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
        });
        await page.goto(`${s.url}/c/${link.token}`);
        expect(await page.locator('#identifier').innerText()).toBe(link.identifier);
        if (viewport.width === 1280) {
          await expect.poll(() => page.locator('#state').innerText()).toContain('等待验证码');
          expect(await page.locator('#code').innerText()).toBe('暂无');
          await settle(page);
          await shot(page, 'code-page-1280-waiting');
          // The page is long-polling now: the code shows as soon as it is delivered.
          await page.waitForTimeout(500);
          const delivered = Date.now();
          await deliver(s, link.identifier, '【Telegram】您的验证码是 482913，5 分钟内有效', { sender: 'Telegram' });
          await expect.poll(() => page.locator('#code').innerText(), { timeout: 5000 }).toBe('482913');
          expect(Date.now() - delivered).toBeLessThan(5000);
        }
        await expect.poll(() => page.locator('#code').innerText()).toBe('482913');
        expect(await page.locator('#state').innerText()).toContain('已收到验证码');
        expect(await page.locator('#text').innerText()).toContain('您的验证码是 482913');
        expect(scripts).toEqual(['/c.js']);
        expect(await overflow(page)).toBeLessThanOrEqual(0);

        await page.getByRole('button', { name: '复制' }).nth(1).click();
        await expect.poll(() => page.locator('#toast').innerText()).toBe('验证码已复制');
        expect(await clipboard(page)).toBe('482913');
        await page.getByRole('button', { name: '复制' }).first().click();
        await expect.poll(() => clipboard(page)).toBe(link.identifier);
        await page.waitForTimeout(1700);
        await shot(page, `code-page-${viewport.width}`);
      });
    }
  });
});
