/**
 * The activation panel in the browser, at 1280 px and on a 375 px phone: after paying (支付 $x, one
 * dialog), the buy dialog becomes one panel per number (`+62 | 9007934838` with 复制号码 and
 * 复制(不含区号), the keyboard on 复制号码, 等待短信… with the time left before the automatic refund,
 * 取消 counted down); a code appears large with its SMS the moment it arrives, with 完成 in view,
 * 完成 ends the number, 再次使用此号码 buys it again; 取消 refunds one that got nothing and says how much. 我的API opens the same panel (详情), and /c/<token>
 * clears the old code and says 已重提，等待新验证码 after a 重提; opened in the owner's signed-in browser, /c leads to that panel.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DIST, SHOTS, clickRowAction, openBrowser, useToken } from './harness';
import { startServer, SUP, type TestServer } from '../helpers/server';
import { addGoods, credit, deliver, importLines, phones } from '../helpers/commerce';

let s: TestServer;
let sup: string;
let goods: number;
/** Indonesian numbers (+62): the panel shows them as `+62 | 9007934800` with both copy buttons. */
let idGoods: number;
const CANCEL_WINDOW_MS = 3000;

beforeAll(async () => {
  s = await startServer('sqlite', { settings: { staticDir: DIST, handlerCancelAfterMs: CANCEL_WINDOW_MS } });
  sup = await s.login(SUP.username, SUP.password);
  goods = await addGoods(s, sup, { title: 'Telegram 美国', price: 1.5, receive_limit: 1, reset_limit: 2, code_wait_minutes: 20 });
  await importLines(s, sup, goods, phones(20, 8613950000000));
  idGoods = await addGoods(s, sup, {
    title: 'WhatsApp 印度尼西亚',
    service: 'wa',
    country: 6,
    price: 1.5,
    receive_limit: 1,
    reset_limit: 2,
    code_wait_minutes: 20,
  });
  await importLines(s, sup, idGoods, phones(20, 629007934800));
});
afterAll(async () => {
  await s?.close();
});

const SIZES = [
  { width: 1280, height: 860 },
  { width: 375, height: 812 },
];
const buyDialog = (page: Page) => page.locator('.buy-dialog .ant-modal-content');
const confirmBox = (page: Page) => page.locator('.ant-modal-confirm').last();
const balanceOf = async (userId: number) =>
  Number((await s.database.db.selectFrom('users').select('balance').where('id', '=', userId).executeTakeFirstOrThrow()).balance);
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function screen(page: Page, name: string) {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Opens the store's buy dialog for the product, buys one with 支付 $1.50 (no second dialog), and returns the panel the dialog becomes. */
async function buyOne(page: Page, product = goods) {
  await page.goto(`${s.url}/items/store?buy=${product}`);
  await expect.poll(() => buyDialog(page).getByTestId('buy-total').innerText()).toBe('$1.50');
  await buyDialog(page).getByRole('button', { name: '支付 $1.50' }).click();
  const panel = buyDialog(page).getByTestId('activation');
  await expect.poll(() => panel.count()).toBe(1);
  return panel;
}

/** A new customer with $10. */
async function customer(name: string) {
  const buyer = await s.addCustomer(sup, name);
  await credit(s, sup, buyer.id, 10);
  return buyer;
}

/** A new customer who has bought one number through the API: the customer and that link. */
async function boughtOne(name: string) {
  const buyer = await customer(name);
  const bought = await s.post('/api/order/buy', { goods_id: goods, quantity: 1 }, buyer.token);
  expect(bought.code, bought.message).toBe(200);
  return { buyer, link: bought.data.tokens[0] };
}

async function clipboard(page: Page) {
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Whether the element is wholly inside the window (what a person sees without scrolling). */
async function inView(page: Page, selector: ReturnType<Page['locator']>) {
  const box = await selector.boundingBox();
  const height = await page.evaluate(() => window.innerHeight);
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

describe('the activation panel', () => {
  for (const size of SIZES) {
    it(`${size.width} px: buy → the panel waits with its refund countdown → the code arrives large → 完成`, async () => {
      const buyer = await customer(`panel_done_${size.width}`);
      const browser = await openBrowser(size);
      await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.url });
      const page = browser.page;
      try {
        await useToken(page, s.url, buyer.token, 'user');
        const panel = await buyOne(page, idGoods);
        // The keyboard is on 复制号码: what a buyer does next.
        await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.trim())).toBe('复制号码');
        const shown = (await panel.getByTestId('activation-number').innerText()).trim();
        expect(shown).toMatch(/^\+62 \| 90079348\d\d$/);
        const national = shown.slice('+62 | '.length);
        const number = `62${national}`;
        expect(await panel.getByTestId('activation-status').innerText()).toBe('等待验证码');
        await expect
          .poll(() => panel.getByTestId('activation-wait').innerText())
          .toMatch(/^等待短信…（(19|20):\d\d 后未收到验证码自动退款）$/);
        expect(await panel.innerText()).toContain('WhatsApp 印度尼西亚');
        // 复制号码 copies the whole number with its +; 复制(不含区号) what WhatsApp asks for beside the country.
        await panel.getByRole('button', { name: /复制号码$/ }).click();
        await expect.poll(() => clipboard(page)).toBe(`+${number}`);
        await panel.getByRole('button', { name: '复制(不含区号)' }).click();
        await expect.poll(() => clipboard(page)).toBe(national);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await screen(page, `activation-${size.width}-waiting`);

        await deliver(s, number, '【Telegram】您的验证码是 603512，请勿泄露。');
        await expect.poll(() => panel.getByTestId('activation-code').innerText()).toBe('603512');
        // The code and 完成 are in view when the code arrives, on a phone too.
        await expect.poll(() => inView(page, panel.getByTestId('activation-finish'))).toBe(true);
        expect(await inView(page, panel.getByTestId('activation-code'))).toBe(true);
        expect(await panel.getByTestId('activation-sms').innerText()).toBe('【Telegram】您的验证码是 603512，请勿泄露。');
        expect(await panel.getByTestId('activation-status').innerText()).toBe('已收到验证码');
        expect(await panel.getByTestId('activation-cancel').count()).toBe(0);
        await panel.getByRole('button', { name: '复制验证码' }).click();
        await expect.poll(() => clipboard(page)).toBe('603512');
        await screen(page, `activation-${size.width}-code`);

        await panel.getByTestId('activation-finish').click();
        await confirmBox(page).getByRole('button', { name: '完成' }).click();
        await expect.poll(() => panel.getByTestId('activation-status').innerText()).toBe('已完成');
        expect(await panel.getByTestId('activation-finish').count()).toBe(0);
        const row = await s.database.db.selectFrom('tokens').select('state').where('identifier', '=', number).executeTakeFirstOrThrow();
        expect(row.state).toBe('finished');
        expect(await balanceOf(buyer.id)).toBe(850);

        // Done with it: the same number can be taken again, as a new 号码 at the price, in a panel of its own.
        await panel.getByTestId('activation-reuse').click();
        expect(await confirmBox(page).innerText()).toContain(`再次使用号码 ${number}？`);
        await confirmBox(page).getByRole('button', { name: '确认支付 $1.50' }).click();
        const panels = buyDialog(page).getByTestId('activation');
        await expect.poll(() => panels.count()).toBe(2);
        expect(await panels.first().getByTestId('activation-number').innerText()).toBe(shown);
        await expect.poll(() => panels.first().getByTestId('activation-status').innerText()).toBe('等待验证码');
        expect(await balanceOf(buyer.id)).toBe(700);
        await deliver(s, number, '【Telegram】您的验证码是 918273，请勿泄露。');
        await expect.poll(() => panels.first().getByTestId('activation-code').innerText()).toBe('918273');
      } finally {
        await browser.close();
      }
    });

    it(`${size.width} px: buy → 取消 opens after its countdown and refunds the number that got nothing`, async () => {
      const buyer = await customer(`panel_cancel_${size.width}`);
      const browser = await openBrowser(size);
      const page = browser.page;
      try {
        await useToken(page, s.url, buyer.token, 'user');
        const panel = await buyOne(page);
        const cancel = panel.getByTestId('activation-cancel');
        // Within the early-cancel window the button says when it opens, and cannot be pressed.
        expect(await cancel.innerText()).toMatch(/^取消（0:0[1-3] 后可取消）$/);
        expect(await cancel.isDisabled()).toBe(true);
        // The number's /c page, open while it is refunded: its 复制 buttons go (the number is no longer the holder's).
        const link = await s.database.db
          .selectFrom('tokens')
          .select(['token', 'identifier'])
          .where('user_id', '=', buyer.id)
          .executeTakeFirstOrThrow();
        const codePage = await browser.context.newPage();
        await codePage.goto(`${s.url}/c/${link.token}`);
        const copies = codePage.getByRole('button', { name: '复制' });
        await expect.poll(() => copies.first().isVisible()).toBe(true);
        await page.bringToFront();
        await expect.poll(() => cancel.innerText()).toBe('取消并退款');
        await cancel.click();
        expect(await confirmBox(page).innerText()).toContain('货款退回余额');
        await confirmBox(page).getByRole('button', { name: '取消并退款' }).click();
        await expect.poll(() => page.locator('.ant-message').innerText()).toContain('已取消，已退款 $1.50');
        await expect.poll(() => panel.getByTestId('activation-status').innerText()).toBe('已退款');
        await expect.poll(() => page.getByTestId('balance').innerText()).toContain('$10.00');
        expect(await balanceOf(buyer.id)).toBe(1000);
        await screen(page, `activation-${size.width}-cancelled`);
        await codePage.bringToFront();
        await expect.poll(() => codePage.locator('#state').innerText()).toBe('链接已退款');
        await expect.poll(() => copies.evaluateAll((bs) => bs.filter((b) => (b as HTMLElement).offsetParent !== null).length)).toBe(0);
        await codePage.reload();
        expect(await codePage.locator('#identifier').innerText()).toBe(link.identifier);
        expect(await copies.evaluateAll((bs) => bs.filter((b) => (b as HTMLElement).offsetParent !== null).length)).toBe(0);
        await screen(codePage, `activation-${size.width}-c-refunded`);
      } finally {
        await browser.close();
      }
    });
  }

  it('我的API opens the same panel; /c/<token> drops the old code after 重提 and says so', async () => {
    const { buyer, link } = await boughtOne('panel_list');
    await deliver(s, link.identifier, '验证码 771204');

    const browser = await openBrowser({ width: 1280, height: 860 });
    const page = browser.page;
    try {
      const codePage = await browser.context.newPage();
      await codePage.goto(`${s.url}/c/${link.token}`);
      expect(await codePage.locator('#code').innerText()).toBe('771204');
      expect(await codePage.locator('#product').innerText()).toBe('Telegram 美国');

      await useToken(page, s.url, buyer.token, 'user');
      await page.goto(`${s.url}/items/api/token`);
      const row = page.locator('.ant-table-row').filter({ hasText: link.identifier });
      await expect.poll(() => row.innerText()).toContain('已收到验证码');
      expect(await row.innerText()).not.toContain('次数已用完');
      await clickRowAction(page, row, '详情');
      const panel = page.locator('.ant-modal-content').getByTestId('activation');
      await expect.poll(() => panel.getByTestId('activation-code').innerText()).toBe('771204');

      await panel.getByTestId('activation-reset').click();
      await confirmBox(page).getByRole('button', { name: '重提' }).click();
      await expect.poll(() => panel.getByTestId('activation-wait').innerText()).toContain('已重提，等待新验证码');
      expect(await panel.getByTestId('activation-code').count()).toBe(0);

      // The page held open on the old code is answered by the 重提 (no reload, no interval to wait out).
      await codePage.bringToFront();
      await expect.poll(() => codePage.locator('#code').innerText()).toBe('暂无');
      expect(await codePage.locator('#state').innerText()).toBe('已重提，等待新验证码');
      await screen(codePage, 'activation-c-after-reset');

      await deliver(s, link.identifier, '验证码 880315');
      await expect.poll(() => codePage.locator('#code').innerText()).toBe('880315');
      await page.bringToFront();
      await expect.poll(() => panel.getByTestId('activation-code').innerText()).toBe('880315');
    } finally {
      await browser.close();
    }
  });

  it("/c/<token> in the owner's signed-in browser leads to the panel in the console; a visitor sees only the code", async () => {
    const { buyer, link } = await boughtOne('panel_from_c');

    const browser = await openBrowser({ width: 375, height: 812 });
    const page = browser.page;
    try {
      await page.goto(`${s.url}/c/${link.token}`);
      await expect.poll(() => page.locator('#state').innerText()).toContain('等待');
      expect(await page.locator('#manage').isVisible()).toBe(false);

      await useToken(page, s.url, buyer.token, 'user');
      await page.goto(`${s.url}/c/${link.token}`);
      await page.getByRole('link', { name: /在控制台管理此号码/ }).click();
      await page.waitForURL(/\/items\/api\/token\?/);
      const card = page.locator('.fw-card').filter({ hasText: link.identifier });
      await expect.poll(() => card.count()).toBe(1);
      expect(await page.locator('.fw-card').count()).toBe(1);
      await clickRowAction(page, card, '详情');
      const panel = page.locator('.ant-modal-content').getByTestId('activation');
      await expect.poll(() => panel.getByTestId('activation-cancel').count()).toBe(1);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    } finally {
      await browser.close();
    }
  });

  it('375 px: a 我的API card leads with the app, the number, its state with the time left, and the code (copy)', async () => {
    const { buyer, link } = await boughtOne('panel_cards');
    await deliver(s, link.identifier, '验证码 552211');
    const browser = await openBrowser({ width: 375, height: 812 });
    await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.url });
    const page = browser.page;
    try {
      await useToken(page, s.url, buyer.token, 'user');
      await page.goto(`${s.url}/items/api/token`);
      const card = page.locator('.fw-card').filter({ hasText: link.identifier });
      await expect
        .poll(() => card.locator('.fw-card-lead .fw-card-label').allInnerTexts())
        .toEqual(['应用/国家', '号码/邮箱', '状态', '验证码']);
      const lead = await card.locator('.fw-card-lead').innerText();
      expect(lead).toContain('552211');
      expect(lead).toMatch(/剩余 (23:59:\d{2}|1天0小时)/);
      // The 号码 got the one code it may take: a success in green, not 次数已用完.
      const state = card.locator('.fw-card-lead .fw-tag');
      expect(await state.innerText()).toBe('已收到验证码');
      expect(await state.getAttribute('class')).toContain('fw-tag-green');
      // The rest is in the number's panel (详情) and under 列设置.
      expect(await card.innerText()).not.toContain('收码时间');
      // The number and the code each have their copy: the code's.
      await card.locator('.fw-copy').filter({ hasText: '552211' }).getByRole('button', { name: '复制' }).click();
      await expect.poll(() => clipboard(page)).toBe('552211');
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await screen(page, 'activation-375-my-api-card');
    } finally {
      await browser.close();
    }
  });
});
