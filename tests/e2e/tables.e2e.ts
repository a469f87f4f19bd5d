/**
 * The sup's lists at 1280 px: products, the inbox and the devices show their declared columns without
 * scrolling sideways; 列设置 adds and hides columns (remembered after a reload, 恢复默认 undoes it), and
 * with more columns than fit the first one stays at the left while the rest scroll; the inbox's many
 * filters fold to one row behind 展开. On a 375 px phone the row actions and the boxes are big enough
 * to tap, sit in the same place on every card, and a red 退款 never leads.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { resources } from '../../resources.config';
import { settle, shot, useServer, useToken, withBrowser } from './harness';

const server = useServer();

const post = async (url: string, token: string, body: unknown) => {
  const r = await server.api.call('POST', url, token, body);
  if (r.code !== 200) throw new Error(`${url}: ${r.code} ${r.message}`);
  return r.data;
};

beforeAll(async () => {
  const sup = server.supToken;
  for (const [title, first] of [
    ['Telegram 中国号码', 10],
    ['WhatsApp 美国号码', 20],
  ] as const) {
    const goods = (
      await post('/api/goods/add', sup, {
        title,
        channel: 'sms',
        service: 'tg',
        price: 1.5,
        valid_hours: 24,
        receive_limit: 1,
        reset_limit: 1,
        code_wait_minutes: 0,
        min_qty: 1,
        max_qty: 100,
      })
    ).id;
    await post('/api/stock/import', sup, { goods_id: goods, text: [0, 1, 2].map((i) => `+861390000${first + i}`).join('\n') });
  }
  await post('/api/device/add', sup, { name: '一号卡池', sim1: '+8613900000010' });
  await post('/api/device/add', sup, { name: '二号卡池' });
  await post('/api/message/add', sup, {
    recipient: '+8613900000099',
    sender: '106900',
    text: '【Telegram】您的验证码是 551234，5分钟内有效',
  });
  await post('/api/message/add', sup, { recipient: '+8613900000099', sender: '106901', text: '欢迎使用本服务' });
  const buyer = await post('/api/user/add', sup, { username: 'table_buyer', password: 'Buyer-pass-123' });
  await post('/api/user/money', sup, { id: buyer.id, amount: 20, remark: '测试充值' });
  const token = await server.api.login('table_buyer', 'Buyer-pass-123');
  const goods = (await post('/api/goods/data', sup, {})).list[0].id;
  for (let i = 0; i < 2; i += 1) await post('/api/order/buy', token, { goods_id: goods, quantity: 1 });
});

const wide = { width: 1280, height: 800 };
const phone = { width: 375, height: 812 };
const headers = (page: Page) => page.locator('thead th:not(.ant-table-selection-column)').allInnerTexts();
const content = (page: Page) => page.locator('.ant-table-content');
const overflow = (page: Page) => content(page).evaluate((el) => el.scrollWidth - el.clientWidth);

async function open(page: Page, route: string, text: string) {
  await useToken(page, server.url, server.supToken, 'sup');
  await page.goto(`${server.url}${route}`);
  await expect.poll(() => page.locator('.ant-table-tbody, .fw-cards').first().innerText()).toContain(text);
}

const settings = (page: Page) => page.locator('.ant-popover:not(.ant-popover-hidden)').filter({ hasText: '恢复默认' });
async function openSettings(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: '列设置' }).click();
  await settings(page).waitFor();
  return settings(page);
}

describe("the sup's lists at 1280 px", () => {
  it.each([
    ['/items/goods', 'goods', 'WhatsApp 美国号码', ['标题', '价格', '上架', '可售库存', '操作']],
    [
      '/system/message',
      'messages',
      '551234',
      // The number first (a high priority); 收到时间 is the column that leaves a table this narrow.
      [
        resources.messages.fields.recipient.label,
        '发件人',
        '内容',
        '已匹配',
        resources.messages.fields.token_id.label,
        '未匹配原因',
        '操作',
      ],
    ],
    ['/system/device', 'devices', '二号卡池', ['设备名称', '失联', '最后上报', '号码', '操作']],
  ])('%s shows its declared columns without scrolling sideways', async (route, name, text, columns) => {
    await withBrowser(wide, async (page) => {
      await open(page, route, text);
      expect(await headers(page)).toEqual(columns);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await settle(page);
      await shot(page, `tables-1280-${name}`);
    });
  });

  it('列设置 hides and adds columns, remembered after a reload; 恢复默认 brings back the declared ones', async () => {
    await withBrowser(wide, async (page) => {
      await open(page, '/items/goods', 'WhatsApp 美国号码');
      const box = await openSettings(page);
      await box.getByRole('checkbox', { name: '价格', exact: true }).uncheck();
      await box.getByRole('checkbox', { name: '服务代码', exact: true }).check();
      await expect.poll(() => headers(page)).toEqual(['标题', '服务代码', '上架', '可售库存', '操作']);
      await settle(page);
      await shot(page, 'tables-1280-goods-settings');

      await page.reload();
      await expect.poll(() => page.locator('.ant-table-tbody').innerText()).toContain('WhatsApp 美国号码');
      expect(await headers(page)).toEqual(['标题', '服务代码', '上架', '可售库存', '操作']);
      // Another list keeps its own columns.
      await page.goto(`${server.url}/system/device`);
      await expect.poll(() => headers(page)).toEqual(['设备名称', '失联', '最后上报', '号码', '操作']);

      await page.goto(`${server.url}/items/goods`);
      await expect.poll(() => headers(page)).toEqual(['标题', '服务代码', '上架', '可售库存', '操作']);
      await (await openSettings(page)).getByRole('button', { name: '恢复默认' }).click();
      await expect.poll(() => headers(page)).toEqual(['标题', '价格', '上架', '可售库存', '操作']);
      await page.reload();
      await expect.poll(() => headers(page)).toEqual(['标题', '价格', '上架', '可售库存', '操作']);
    });
  });

  it('with every column chosen the table scrolls sideways, the first columns (the id and the title) staying at the left', async () => {
    await withBrowser(wide, async (page) => {
      await open(page, '/items/goods', 'WhatsApp 美国号码');
      const box = await openSettings(page);
      for (const tick of await box.getByRole('checkbox').all()) await tick.check();
      await expect.poll(() => headers(page)).toContain('已售');
      await page.getByRole('button', { name: '列设置' }).click();
      expect(await overflow(page)).toBeGreaterThan(0);

      const first = page.locator('thead th').filter({ hasText: /^ID$/ });
      const cell = page.locator('tbody tr.ant-table-row').first().locator('td:not(.ant-table-selection-column)').first();
      // The ticking column (the list is selectable) comes first, pinned with them.
      const ticks = await page.locator('thead th.ant-table-selection-column').boundingBox();
      const left = (await content(page).boundingBox())!.x + (ticks?.width ?? 0);
      await content(page).evaluate((el) => {
        el.scrollLeft = 400;
      });
      await expect.poll(() => content(page).evaluate((el) => el.scrollLeft)).toBe(400);
      expect(Math.abs((await first.boundingBox())!.x - left)).toBeLessThanOrEqual(1);
      expect(Math.abs((await cell.boundingBox())!.x - left)).toBeLessThanOrEqual(1);
      // The id names nothing on its own: the title stays beside it; the next column has gone under them.
      expect(
        Math.abs(
          (await page
            .locator('thead th')
            .filter({ hasText: /^标题$/ })
            .boundingBox())!.x -
            (left + 72),
        ),
      ).toBeLessThanOrEqual(1);
      expect(
        (await page
          .locator('thead th')
          .filter({ hasText: /^类型$/ })
          .boundingBox())!.x,
      ).toBeLessThan(left);
      await settle(page);
      await shot(page, 'tables-1280-goods-scrolled');
    });
  });

  it("the inbox's filters fold to one row; 展开 shows the rest and counts those in use", async () => {
    await withBrowser(wide, async (page) => {
      await open(page, '/system/message', '551234');
      const form = page.getByRole('search');
      const items = form.locator('.fw-search-fields > .ant-form-item');
      const visibleTops = () =>
        items.evaluateAll((els) =>
          els.filter((el) => getComputedStyle(el).visibility !== 'hidden').map((el) => Math.round(el.getBoundingClientRect().top)),
        );
      // The filters' form comes a moment after the rows (its own code).
      await expect.poll(() => items.count()).toBe(10);
      const total = await items.count();
      const tops = await visibleTops();
      expect(tops.length).toBeGreaterThan(1);
      expect(tops.length).toBeLessThan(total);
      expect(new Set(tops).size).toBe(1);
      expect((await form.boundingBox())!.height).toBeLessThan(48);
      expect(await form.getByLabel('入库时间').isVisible()).toBe(false);
      await settle(page);
      await shot(page, 'tables-1280-filters-folded');

      await form.getByRole('button', { name: /展开/ }).click();
      await expect.poll(() => visibleTops().then((t) => t.length)).toBe(total);
      expect(await form.getByLabel('入库时间').isVisible()).toBe(true);
      await settle(page);
      await shot(page, 'tables-1280-filters-open');
      await form.getByRole('button', { name: /收起/ }).click();
      await expect.poll(() => visibleTops().then((t) => t.length)).toBe(tops.length);

      // A filter in use past the first row is counted on 展开.
      await page.goto(`${server.url}/system/message?f_create_at=2020-01-01~2099-12-31`);
      await expect.poll(() => form.getByRole('button', { name: /展开/ }).innerText()).toBe('展开 (1)');
      await expect.poll(() => page.locator('.ant-table-tbody').innerText()).toContain('551234');
    });
  });
});

describe('on a 375 px phone', () => {
  /** The boxes of `locator`, relative to the card each is in. */
  const placed = (locator: Locator) =>
    locator.evaluateAll((els) =>
      els.map((el) => {
        const box = el.getBoundingClientRect();
        const card = el.closest('.fw-card')!.getBoundingClientRect();
        return { text: el.textContent, x: Math.round(box.left - card.left), height: box.height };
      }),
    );

  it('row actions and boxes are at least 44 px high, each action in the same place on every card', async () => {
    await withBrowser(phone, async (page) => {
      await open(page, '/items/goods/stock', '+86139000010');
      const actions = await placed(page.locator('.fw-card .fw-actions button'));
      const boxes = await placed(page.locator('.fw-card .fw-card-pick'));
      expect(boxes.length).toBeGreaterThan(2);
      for (const b of [...actions, ...boxes]) expect(b.height, b.text ?? '').toBeGreaterThanOrEqual(44);
      const view = actions.filter((a) => a.text === '查看');
      expect(view.length).toBe(boxes.length);
      expect(new Set(view.map((a) => a.x)).size).toBe(1);
      await settle(page);
      await shot(page, 'tables-375-stock');
    });
  });

  it('an action that applies to some messages only leaves its place empty on the others', async () => {
    await withBrowser(phone, async (page) => {
      await open(page, '/system/message', '欢迎使用本服务');
      const view = (text: string) => placed(page.locator('.fw-card').filter({ hasText: text }).getByRole('button', { name: '查看' }));
      // 分配 shows only where a waiting number can take the code (inbox-assign.e2e.ts); wherever it is
      // absent, 查看 keeps its place.
      expect(await page.locator('.fw-card').filter({ hasText: '欢迎使用本服务' }).getByRole('button', { name: '分配' }).count()).toBe(0);
      const [withAssign] = await view('551234');
      const [without] = await view('欢迎使用本服务');
      expect(without.x).toBe(withAssign.x);
      await settle(page);
      await shot(page, 'tables-375-messages');
    });
  });

  it("an order's red 退款 comes after 查看", async () => {
    await withBrowser(phone, async (page) => {
      await open(page, '/items/order/record', 'table_buyer');
      const card = page.locator('.fw-card').first();
      await expect.poll(() => card.locator('.fw-actions button').allInnerTexts()).toEqual(['查看', '退款']);
      const heights = await placed(card.locator('.fw-actions button'));
      for (const b of heights) expect(b.height).toBeGreaterThanOrEqual(44);
      await settle(page);
      await shot(page, 'tables-375-orders');
    });
  });
});
