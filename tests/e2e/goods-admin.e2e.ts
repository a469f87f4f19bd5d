/**
 * The sup's product screens in the browser: the product form in groups (unused features folded, a
 * country found by name, a failed save scrolled to its first error, a folded group opened by its
 * error), the 商品 list's bulk 上架/下架/改价 behind a confirmation naming how many, 0 无库存 in red,
 * and a stock import that skips bad lines. At 1280 px and on a 375 px phone.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import path from 'node:path';
import { clickRowAction, settle, shot, SHOTS, useServer, useToken, withBrowser } from './harness';

const server = useServer();
/** Each test walks several screens on a shared, busy machine. */
const SLOW = 180_000;

const api = (url: string, body: unknown) => server.api.call('POST', url, server.supToken, body);
const goods = { channel: 'sms', service: 'tg', price: 1.5, valid_hours: 24 };

async function addGoods(title: string, more: Record<string, unknown> = {}): Promise<number> {
  const r = await api('/api/goods/add', { ...goods, title, ...more });
  expect(r.code, r.message).toBe(200);
  return r.data.id;
}
const detail = async (id: number) => (await server.api.call('GET', `/api/goods/detail?id=${id}`, server.supToken)).data;

const group = (page: Page, title: string) => page.locator('.fw-form-groups > .ant-collapse-item').filter({ hasText: title });
const isOpen = (item: Locator) => item.evaluate((el) => el.classList.contains('ant-collapse-item-active'));
/** Whether the element is wholly inside the window now (what the viewport screenshots show). */
const inView = (el: Locator) =>
  el.evaluate((e) => {
    const r = e.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0;
  });

describe('the product form, the bulk toolbar and stock import in the browser', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 740 },
  ]) {
    const w = viewport.width;

    it(
      `${w} px: the form in groups, rental folded, a country by name, a failed save scrolled to its error`,
      async () => {
        await withBrowser(viewport, async (page) => {
          await useToken(page, server.url, server.supToken, 'sup');
          await page.goto(`${server.url}/items/goods/create`);
          const titles = page.locator('.fw-form-groups > .ant-collapse-item > .ant-collapse-header');
          await titles.first().waitFor();
          expect((await titles.allInnerTexts()).map((t) => t.split('\n')[0].trim())).toEqual([
            '基本信息',
            '价格与限制',
            '匹配规则',
            '上游渠道',
            '租用',
            '代售给聚合平台',
          ]);
          // A new product uses no rental, match rule, upstream provider or aggregator: those groups are folded.
          expect(await isOpen(group(page, '基本信息'))).toBe(true);
          expect(await isOpen(group(page, '价格与限制'))).toBe(true);
          for (const folded of ['匹配规则', '上游渠道', '租用', '代售给聚合平台']) expect(await isOpen(group(page, folded))).toBe(false);
          expect(await page.getByLabel('可租用').isVisible()).toBe(false);
          for (const header of await titles.all()) expect((await header.boundingBox())!.height).toBeGreaterThanOrEqual(44);
          await shot(page, `goods-form-${w}-new`);

          await page.getByLabel('标题', { exact: true }).fill(`印尼 Telegram ${w}`);
          await page.getByLabel('服务代码', { exact: true }).fill('tg');
          await page
            .locator('.ant-select')
            .filter({ has: page.locator('#country') })
            .click();
          await page.keyboard.type('印度尼');
          await page.locator('.ant-select-item-option').filter({ hasText: '印度尼西亚（6）' }).click();
          await settle(page);
          await shot(page, `goods-form-${w}-create`);

          // No price: the save is refused in the form, and the page scrolls to 价格 with its input focused.
          await page.getByRole('button', { name: /保\s*存/ }).click();
          const priceError = page.locator('.ant-form-item-explain-error').filter({ hasText: '请输入价格' });
          await priceError.waitFor();
          await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('price');
          expect(await inView(page.locator('#price'))).toBe(true);
          await settle(page);
          await page.screenshot({ path: path.join(SHOTS, `goods-form-${w}-error.png`) });

          // A rental switched on without its price, its group folded again: the server's refusal opens it.
          await page.locator('#price').fill('0.8');
          await group(page, '租用').locator('.ant-collapse-header').click();
          await page.getByLabel('可租用').click();
          await group(page, '租用').locator('.ant-collapse-header').click();
          await expect.poll(() => isOpen(group(page, '租用'))).toBe(false);
          await page.getByRole('button', { name: /保\s*存/ }).click();
          const rentError = page.locator('.ant-form-item-explain-error').filter({ hasText: '每小时租用价格' });
          await rentError.waitFor();
          await expect.poll(() => isOpen(group(page, '租用'))).toBe(true);
          await expect.poll(() => inView(rentError)).toBe(true);
          await settle(page);
          await page.screenshot({ path: path.join(SHOTS, `goods-form-${w}-folded-error.png`) });

          await page.getByLabel('租用价格(每小时)').fill('0.2');
          await page.getByRole('button', { name: /保\s*存/ }).click();
          await page.waitForURL((u) => u.pathname === '/items/goods');
          const saved = (await api('/api/goods/data', { title: `印尼 Telegram ${w}` })).data.list[0];
          expect(saved).toMatchObject({ country: 6, price: 0.8, rentable: true, rent_price_hour: 0.2 });

          // Its edit form opens the rental group (it is used) and still folds the others.
          await page.goto(`${server.url}/items/goods/edit/${saved.id}`);
          await expect.poll(() => page.getByLabel('标题', { exact: true }).inputValue()).toBe(`印尼 Telegram ${w}`);
          await expect.poll(() => isOpen(group(page, '租用'))).toBe(true);
          expect(await isOpen(group(page, '上游渠道'))).toBe(false);
          expect(await page.locator('#country').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]').innerText()).toContain(
            '印度尼西亚',
          );
          await settle(page);
          await shot(page, `goods-form-${w}-edit`);
        });
      },
      SLOW,
    );

    it(
      `${w} px: bulk 下架, 上架 and 改价 on the ticked products after a confirmation naming how many; 0 无库存 in red`,
      async () => {
        const ids = [await addGoods(`批量甲${w}`), await addGoods(`批量乙${w}`), await addGoods(`批量丙${w}`)];
        expect((await api('/api/stock/import', { goods_id: ids[0], text: '8613900000001' })).code).toBe(200);
        await withBrowser(viewport, async (page) => {
          await useToken(page, server.url, server.supToken, 'sup');
          await page.goto(`${server.url}/items/goods?f_title=${encodeURIComponent(`批量`)}`);
          const item = (title: string) => (w < 600 ? page.locator('.fw-card') : page.locator('.ant-table-row')).filter({ hasText: title });
          await item(`批量乙${w}`).waitFor();
          const none = item(`批量乙${w}`).getByText('0 无库存');
          await none.waitFor();
          expect(await none.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(207, 19, 34)');
          expect(await item(`批量甲${w}`).getByText('无库存').count()).toBe(0);

          const tick = async (title: string) => {
            const box = item(title).getByRole('checkbox');
            await box.check();
          };
          await tick(`批量甲${w}`);
          await tick(`批量乙${w}`);
          await page.getByRole('button', { name: '批量下架' }).click();
          const confirm = page.locator('.ant-modal-confirm');
          await expect.poll(() => confirm.innerText()).toContain('下架所选的 2 个商品？');
          await settle(page);
          await shot(page, `goods-list-${w}-bulk-off-confirm`);
          await confirm.getByRole('button', { name: '下架 2 个商品' }).click();
          await expect.poll(async () => (await Promise.all(ids.map(detail))).map((g) => g.on_sale)).toEqual([false, false, true]);

          // The selection is cleared after a change; tick all three for a new price.
          for (const title of [`批量甲${w}`, `批量乙${w}`, `批量丙${w}`]) await tick(title);
          await page.getByRole('button', { name: '批量改价' }).click();
          const dialog = page.locator('.ant-modal').filter({ hasText: '批量改价' });
          await dialog.getByLabel('新价格').fill('2.5');
          await dialog.getByRole('button', { name: /改\s*价/ }).click();
          await expect.poll(() => confirm.innerText()).toContain('将所选的 3 个商品的价格改为 $2.50？');
          await settle(page);
          await shot(page, `goods-list-${w}-bulk-price-confirm`);
          await confirm.getByRole('button', { name: '改价 3 个商品' }).click();
          await expect.poll(async () => (await Promise.all(ids.map(detail))).map((g) => g.price)).toEqual([2.5, 2.5, 2.5]);

          await tick(`批量甲${w}`);
          await page.getByRole('button', { name: '批量上架' }).click();
          await expect.poll(() => confirm.innerText()).toContain('上架所选的 1 个商品？');
          await confirm.getByRole('button', { name: '上架 1 个商品' }).click();
          await expect.poll(async () => (await detail(ids[0])).on_sale).toBe(true);
          await settle(page);
          await shot(page, `goods-list-${w}`);
        });
      },
      SLOW,
    );

    it(
      `${w} px: stock import with 跳过错误行 imports the good lines and lists the bad ones`,
      async () => {
        const id = await addGoods(`导入${w}`);
        await withBrowser(viewport, async (page) => {
          await useToken(page, server.url, server.supToken, 'sup');
          await page.goto(`${server.url}/items/goods?f_title=${encodeURIComponent(`导入${w}`)}`);
          const row = (w < 600 ? page.locator('.fw-card') : page.locator('.ant-table-row')).filter({ hasText: `导入${w}` });
          await row.waitFor();
          await clickRowAction(page, row, '导入库存');
          const dialog = page.locator('.stock-import');
          const lines = ['8613800000011', 'abc', '8613800000012----备注', '12', '8613800000011----重复'].join('\n');
          await dialog.getByLabel('库存内容').fill(lines);
          // Without the option, nothing is imported and every bad line is named.
          await dialog.getByRole('button', { name: '导入 5 行' }).click();
          await expect.poll(() => dialog.getByTestId('import-errors').innerText()).toMatch(/第 2 行：号码格式不正确.*abc/);
          expect((await detail(id)).stock).toBe(0);
          const skip = dialog.getByRole('checkbox', { name: /跳过错误行/ });
          await skip.check();
          expect((await dialog.locator('.stock-import-skip').boundingBox())!.height).toBeGreaterThanOrEqual(44);
          await dialog.getByRole('button', { name: '导入 5 行' }).click();
          const bad = dialog.getByTestId('import-bad');
          await expect.poll(() => bad.innerText()).toContain('跳过了 3 行错误内容');
          // A duplicate's reason does not quote it: the line itself is shown.
          expect(await bad.innerText()).toContain('第 5 行：与第 1 行重复，内容 8613800000011----重复');
          expect(await bad.innerText()).toMatch(/第 4 行：号码格式不正确.*12/);
          expect(await dialog.getByTestId('import-result').innerText()).toContain('新增 2 条');
          expect((await detail(id)).stock).toBe(2);
          await settle(page);
          await shot(page, `stock-import-${w}-skipped`);
        });
      },
      SLOW,
    );
  }
});
