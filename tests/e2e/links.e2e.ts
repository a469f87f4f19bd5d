/**
 * Links in the browser: a customer's 我的API (copy a link, copy `identifier----link`, tick and copy,
 * export TXT), 重提 and 续费 from the row with confirmations, and the finance page showing each
 * movement; a sup importing stock with a bad line (its number shown, nothing written) and then a good
 * batch, taking an item off sale, and refunding a link and part of an order, which the customer sees
 * in their finance; a live 我的API picking up a change without a reload. At 1280 px and 375 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ADMIN, SHOTS, clickRowAction, openBrowser, shot, startServer, useToken, type Server } from './harness';

let server: Server;
let sup: string;
let buyer: { id: number; token: string };
let goodsId: number;
/** The customer's links, as the purchase answered them. */
let links: Array<{ id: number; identifier: string; url: string }> = [];
let orderNo = '';

const post = async (url: string, token: string, body: unknown) => {
  const r = await server.api.call('POST', url, token, body);
  if (r.code !== 200) throw new Error(`${url}: ${r.code} ${r.message}`);
  return r.data;
};
const balance = async () => (await server.api.call('GET', '/api/user/base', buyer.token)).data.balance as number;

beforeAll(async () => {
  server = await startServer();
  sup = await server.api.login(ADMIN.username, ADMIN.password);
  const added = await post('/api/user/add', sup, { username: 'link_buyer', password: 'Buyer-pass-123' });
  buyer = { id: added.id, token: await server.api.login('link_buyer', 'Buyer-pass-123') };
  await post('/api/user/money', sup, { id: buyer.id, amount: 100, remark: '测试充值' });
  goodsId = (
    await post('/api/goods/add', sup, {
      title: 'Telegram 接码',
      channel: 'sms',
      service: 'tg',
      price: 2,
      valid_hours: 24,
      receive_limit: 1,
      reset_limit: 2,
      renew_price: 0.5,
      code_wait_minutes: 0,
      min_qty: 1,
      max_qty: 100,
    })
  ).id;
  await post('/api/stock/import', sup, {
    goods_id: goodsId,
    text: Array.from({ length: 8 }, (_, i) => `+86138000000${10 + i}`).join('\n'),
  });
  const bought = await post('/api/order/buy', buyer.token, { goods_id: goodsId, quantity: 4 });
  links = bought.tokens;
  orderNo = bought.order_no;
});
afterAll(async () => {
  await server?.stop();
});

async function withBrowser(viewport: { width: number; height: number }, fn: (page: Page, context: BrowserContext) => Promise<void>) {
  const browser = await openBrowser(viewport);
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  try {
    await fn(browser.page, browser.context);
  } finally {
    await browser.close();
  }
}

/** What the screen shows now (a dialog is fixed on the screen: a full-page shot would cut it). */
async function screen(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());
const tableRow = (page: Page, text: string) => page.locator('tbody tr.ant-table-row').filter({ hasText: text });
const rowAction = (page: Page, text: string, name: string) => clickRowAction(page, tableRow(page, text), name);
const card = (page: Page, text: string) => page.locator('.fw-card').filter({ hasText: text });
const confirmBox = (page: Page) => page.locator('.ant-modal-confirm');
/** The texts of the rows of a generated table. */
const tableText = (page: Page) => page.locator('.ant-table-tbody').innerText();

describe("the customer's links", () => {
  it('1280 px: 我的API lists the links; copy one, copy identifier----link, tick and copy, export TXT', async () => {
    await withBrowser({ width: 1280, height: 800 }, async (page) => {
      await useToken(page, server.url, buyer.token, 'user');
      await page.goto(`${server.url}/items/api/token`);
      await expect.poll(() => page.locator('.fw-list-card .fw-list-title').innerText()).toBe('我的API');
      for (const l of links) await expect.poll(() => tableText(page)).toContain(l.identifier);
      await settle(page);
      await shot(page, 'links-1280-my-api');

      const [first, second, third] = links;
      await rowAction(page, first.identifier, '复制链接');
      await expect.poll(() => clipboard(page)).toBe(first.url);
      expect(first.url).toMatch(new RegExp(`^${server.url}/c/[A-Za-z0-9_-]{32}$`));
      await rowAction(page, second.identifier, '复制号码和链接');
      await expect.poll(() => clipboard(page)).toBe(`${second.identifier}----${second.url}`);

      // Tick two rows: the toolbar copies and exports just those.
      await tableRow(page, first.identifier).locator('.ant-table-selection-column input').check();
      await tableRow(page, third.identifier).locator('.ant-table-selection-column input').check();
      await expect.poll(() => page.getByTestId('picked-count').innerText()).toBe('已选 2 项');
      await page.getByRole('button', { name: /复制所选/ }).click();
      await expect.poll(() => clipboard(page)).toContain(`${first.identifier}----${first.url}`);
      expect((await clipboard(page)).split('\n').sort()).toEqual(
        [`${first.identifier}----${first.url}`, `${third.identifier}----${third.url}`].sort(),
      );

      const picked = page.waitForEvent('download');
      await page.getByRole('button', { name: /导出TXT（所选 2）/ }).click();
      const file = await picked;
      expect(file.suggestedFilename()).toMatch(/^号码-\d{4}-\d{2}-\d{2}\.txt$/);
      const pickedLines = fs
        .readFileSync((await file.path())!, 'utf8')
        .trim()
        .split(/\r\n/);
      expect(pickedLines.sort()).toEqual([`${first.identifier}----${first.url}`, `${third.identifier}----${third.url}`].sort());

      // Cleared, the export takes every matching link.
      await page.getByRole('toolbar', { name: '列表操作' }).getByRole('button', { name: '清除' }).click();
      const all = page.waitForEvent('download');
      await page.getByRole('button', { name: /导出TXT（全部）/ }).click();
      const allLines = fs
        .readFileSync((await (await all).path())!, 'utf8')
        .trim()
        .split(/\r\n/);
      expect(allLines.sort()).toEqual(links.map((l) => `${l.identifier}----${l.url}`).sort());
    });
  });

  it('1280 px: 重提 with a confirmation (a reset record appears); 续费 with a quote (balance drops; finance shows each movement)', async () => {
    const [link] = links;
    // 重提 asks for another code: it applies once one has come.
    await post('/api/message/add', sup, { recipient: link.identifier, text: '您的验证码 246810' });
    await withBrowser({ width: 1280, height: 800 }, async (page) => {
      await useToken(page, server.url, buyer.token, 'user');
      await page.goto(`${server.url}/items/api/token`);
      const row = tableRow(page, link.identifier);
      await row.getByRole('button', { name: '重提', exact: true }).click();
      await expect.poll(() => confirmBox(page).innerText()).toContain(`重提 ${link.identifier}？`);
      expect(await confirmBox(page).innerText()).toContain('剩余重提 2 次');
      await confirmBox(page)
        .getByRole('button', { name: /重\s*提/ })
        .click();
      await expect.poll(() => page.locator('.ant-message').innerText()).toContain('剩余重提 1 次');
      await page.goto(`${server.url}/items/reset/record`);
      await expect.poll(() => tableText(page)).toContain(link.identifier);

      // 续费: two days at $0.50, the balance after, the new expiry; confirmed, paid.
      const before = await balance();
      await page.goto(`${server.url}/items/api/token`);
      await tableRow(page, link.identifier).getByRole('button', { name: '续费', exact: true }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: `续费 - ${link.identifier}` });
      await expect.poll(() => dialog.getByTestId('renew-quote').innerText()).toContain('$0.50');
      await dialog.getByRole('spinbutton', { name: '续费天数' }).fill('2');
      await expect.poll(() => dialog.getByTestId('renew-quote').innerText()).toContain('$1.00');
      expect(await dialog.getByTestId('renew-balance-after').innerText()).toBe(`$${(before - 1).toFixed(2)}`);
      await settle(page);
      await shot(page, 'links-1280-renew-dialog');
      await dialog.getByRole('button', { name: /续\s*费/ }).click();
      await expect.poll(() => confirmBox(page).innerText()).toContain('确认续费 2 天，支付 $1.00？');
      await confirmBox(page)
        .getByRole('button', { name: /确认支付/ })
        .click();
      await expect.poll(() => page.locator('.ant-message').innerText()).toContain('续费成功');
      expect(await balance()).toBeCloseTo(before - 1, 2);
      // The header's balance follows without a reload.
      await expect.poll(() => page.getByTestId('balance').innerText()).toContain(`$${(before - 1).toFixed(2)}`);

      await page.goto(`${server.url}/account/detail`);
      await expect.poll(() => tableText(page)).toContain(`续费 ${link.identifier} 2 天`);
      const finance = await tableText(page);
      expect(finance).toContain('-$1.00');
      expect(finance).toContain('-$8.00');
      expect(finance).toContain('+$100.00');
      // 订单记录 at 1280 px keeps 金额 and 状态; 类型 is one of the columns that leave a narrow table first.
      await page.goto(`${server.url}/items/order/record`);
      await expect.poll(() => tableText(page)).toContain('$1.00');
      expect(await tableText(page)).toContain(orderNo);
      await page.goto(`${server.url}/items/augment/record`);
      await expect.poll(() => tableText(page)).toContain(link.identifier);
    });
  });

  it('375 px: the links as cards, ticked and copied from the phone; a refund by the sup shows up without a reload', async () => {
    const last = links[3];
    await post('/api/message/add', sup, { recipient: last.identifier, text: '您的验证码 135790' });
    await withBrowser({ width: 375, height: 812 }, async (page) => {
      await useToken(page, server.url, buyer.token, 'user');
      // 全部: the refunded number stays in view.
      await page.goto(`${server.url}/items/api/token?tab=all`);
      await expect.poll(() => page.locator('.fw-cards').innerText()).toContain(last.identifier);
      await settle(page);
      await shot(page, 'links-375-my-api');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);

      await card(page, last.identifier).getByRole('checkbox', { name: /选择/ }).check();
      await page.getByRole('button', { name: /复制所选/ }).click();
      await expect.poll(() => clipboard(page)).toBe(`${last.identifier}----${last.url}`);

      // The reset confirmation fits the phone.
      await card(page, last.identifier).getByRole('button', { name: '重提', exact: true }).click();
      const box = await confirmBox(page).locator('.ant-modal-content').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      await screen(page, 'links-375-reset-confirm');
      await confirmBox(page)
        .getByRole('button', { name: /取\s*消/ })
        .click();

      // A live list: the sup refunds this link elsewhere; the card says so on its own.
      await post('/api/token/refund', sup, { id: last.id, remark: '号码异常' });
      await expect.poll(() => card(page, last.identifier).innerText(), { timeout: 20_000 }).toContain('已退款');
    });
  });
});

describe('the sup', () => {
  it('1280 px: imports stock with a bad line (its number shown, nothing written), then a good batch; takes an item off sale', async () => {
    const stockBefore = (await server.api.call('POST', '/api/stock/data?page=1&pageSize=100', sup, { goods_id: goodsId })).data.total;
    await withBrowser({ width: 1280, height: 800 }, async (page) => {
      await useToken(page, server.url, sup, 'sup');
      await page.goto(`${server.url}/items/goods`);
      await rowAction(page, 'Telegram 接码', '导入库存');
      const dialog = page.locator('.ant-modal').filter({ hasText: '导入库存 - Telegram 接码' });
      const area = dialog.getByRole('textbox', { name: '库存内容' });
      await area.fill('+8613900000001\nabc-123\n+8613900000002----备注\n\n8613900000001');
      await dialog.getByRole('button', { name: /导入 4 行/ }).click();
      const errors = dialog.getByTestId('import-errors');
      await expect.poll(() => errors.innerText()).toContain('第 2 行：号码格式不正确');
      // Each bad line once: the headline counts them, the list names them.
      expect((await errors.innerText()).match(/第 2 行/g)).toHaveLength(1);
      expect(await errors.innerText()).toContain('第 5 行：与第 1 行重复');
      expect(await errors.innerText()).toContain('未导入任何数据');
      await settle(page);
      await shot(page, 'links-1280-import-errors');
      expect((await server.api.call('POST', '/api/stock/data?page=1&pageSize=100', sup, { goods_id: goodsId })).data.total).toBe(
        stockBefore,
      );

      await area.fill(`+8613900000001\n+8613900000002----备注\n${links[0].identifier}----改备注`);
      await dialog.getByRole('button', { name: /导入 3 行/ }).click();
      // The first link's number was sold in the setup: skipped and counted.
      await expect.poll(() => dialog.getByTestId('import-result').innerText()).toContain('新增 2 条，更新 0 条，跳过已售 1 条');
      await settle(page);
      await shot(page, 'links-1280-import-done');

      // 继续导入, from a .txt file this time (Windows line ends, a byte order mark).
      await dialog.getByRole('button', { name: /继续导入/ }).click();
      await dialog.locator('input[type=file]').setInputFiles({
        name: 'stock.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('\uFEFF+8613900000003\r\n+8613900000004----文件\r\n', 'utf8'),
      });
      await expect.poll(() => dialog.innerText()).toContain('stock.txt，共 2 行');
      await dialog.getByRole('button', { name: /导入 2 行/ }).click();
      await expect.poll(() => dialog.getByTestId('import-result').innerText()).toContain('新增 2 条，更新 0 条，跳过已售 0 条');
      await dialog.getByRole('button', { name: /完\s*成/ }).click();

      // 库存 opens the product's stock; 停用 one after a confirmation.
      await rowAction(page, 'Telegram 接码', '库存');
      await page.waitForURL((u) => u.pathname === '/items/goods/stock' && u.searchParams.get('f_goods_id') === String(goodsId));
      const item = tableRow(page, '+8613900000002');
      await expect.poll(() => item.innerText()).toContain('可售');
      await item.getByRole('button', { name: '停用', exact: true }).click();
      await expect.poll(() => confirmBox(page).innerText()).toContain('停用库存 +8613900000002？');
      await confirmBox(page)
        .getByRole('button', { name: /停\s*用/ })
        .click();
      await expect.poll(() => item.innerText()).toContain('已停用');
      await settle(page);
      await shot(page, 'links-1280-stock');
    });
  });

  it('375 px: the import dialog fits the phone', async () => {
    await withBrowser({ width: 375, height: 812 }, async (page) => {
      await useToken(page, server.url, sup, 'sup');
      await page.goto(`${server.url}/items/goods/stock?f_goods_id=${goodsId}`);
      await page.getByRole('button', { name: /导入库存/ }).click();
      const dialog = page.locator('.ant-modal').filter({ hasText: '导入库存' });
      await dialog.getByRole('textbox', { name: '库存内容' }).fill('12\n+8613900000009');
      await dialog.getByRole('button', { name: /导入 2 行/ }).click();
      await expect.poll(() => dialog.getByTestId('import-errors').innerText()).toContain('第 1 行');
      const box = await dialog.locator('.ant-modal-content').boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
      await settle(page);
      await screen(page, 'links-375-import-dialog');
    });
  });

  it("1280 px: 他的API; refunds a link with a remark and part of an order; the customer's finance shows both", async () => {
    const link = links[2];
    const before = await balance();
    await withBrowser({ width: 1280, height: 800 }, async (page) => {
      await useToken(page, server.url, sup, 'sup');
      await page.goto(`${server.url}/items/api/token?tab=all`);
      await expect.poll(() => page.locator('.fw-list-card .fw-list-title').innerText()).toBe('他的API');
      const row = tableRow(page, link.identifier);
      await clickRowAction(page, row, '退款');
      const dialog = page.locator('.ant-modal').filter({ hasText: `链接退款 - ${link.identifier}` });
      await dialog.getByRole('textbox').fill('客户投诉收不到码');
      await dialog.getByRole('button', { name: /退\s*款/ }).click();
      await expect.poll(() => confirmBox(page).innerText()).toContain(`确认退款链接 ${link.identifier}？`);
      await confirmBox(page)
        .getByRole('button', { name: /确认退款/ })
        .click();
      await expect.poll(() => row.innerText()).toContain('已退款');
      expect(await balance()).toBeCloseTo(before + 2, 2);

      // Part of the purchase order: up to what is left ($8 paid, $4 already back for two links).
      await page.goto(`${server.url}/items/order/record`);
      const order = tableRow(page, orderNo);
      await clickRowAction(page, order, '退款');
      const refund = page.locator('.ant-modal').filter({ hasText: `订单退款 - ${orderNo}` });
      await expect.poll(() => refund.getByTestId('refundable').innerText()).toBe('$4.00');
      await refund.getByRole('spinbutton').fill('5');
      await refund.getByLabel('退款备注').fill('部分退款');
      await refund.getByRole('button', { name: /退\s*款/ }).click();
      await expect.poll(() => refund.innerText()).toContain('退款金额应在 $0.01 到 $4.00 之间');
      await refund.getByRole('spinbutton').fill('1.5');
      await refund.getByRole('button', { name: /退\s*款/ }).click();
      await expect.poll(() => confirmBox(page).innerText()).toContain('确认退款 $1.50？');
      await confirmBox(page)
        .getByRole('button', { name: /确认退款/ })
        .click();
      await expect.poll(() => order.innerText()).toContain('部分退款');
    });
    expect(await balance()).toBeCloseTo(before + 3.5, 2);

    await withBrowser({ width: 1280, height: 800 }, async (page) => {
      await useToken(page, server.url, buyer.token, 'user');
      await page.goto(`${server.url}/account/detail`);
      // Each refund row names the number (or the order) it was for; the sup's notes are staff-only.
      await expect.poll(() => tableText(page)).toContain(`号码 ${link.identifier}：客服退款`);
      const finance = await tableText(page);
      expect(finance).toContain(`订单 ${orderNo} 退款`);
      expect(finance).toContain('+$1.50');
      for (const note of ['客户投诉收不到码', '部分退款', '号码异常']) expect(finance).not.toContain(note);
      await settle(page);
      await shot(page, 'links-1280-finance');
    });
  });
});
