/**
 * A service's display name set by the sup in the console (接码中心 → 服务名称) is how the store names
 * that service: in the page the server draws for the first paint, in the public store once the app
 * runs, and in the console's API商城, on a desktop and on a phone.
 */
import { describe, expect, it } from 'vitest';
import { openBrowser, settle, shot, useServer, useToken } from './harness';

const server = useServer();

async function addProduct(title: string, service: string, sort: number) {
  const r = await server.api.call('POST', '/api/goods/add', server.supToken, {
    title,
    channel: 'sms',
    service,
    price: 1.5,
    valid_hours: 24,
    receive_limit: 1,
    reset_limit: 0,
    renew_price: 0,
    code_wait_minutes: 0,
    min_qty: 1,
    max_qty: 100,
    sort,
  });
  expect(r.code, r.message).toBe(200);
}

/** Each service header on the page: [code, name, Chinese name]. */
const headers = (page: import('playwright-core').Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="store-service"]')].map((s) => [
      s.getAttribute('data-service'),
      s.querySelector('.store-service-name')?.textContent ?? '',
      s.querySelector('.store-service-zh')?.textContent ?? '',
    ]),
  );

const WANT = [
  ['tg', 'Telegram Premium', '电报会员'],
  ['zzbank', 'ZZ Bank', 'ZZ 银行'],
  ['wa', 'WhatsApp', ''],
];

describe('service names the sup sets, in the store', () => {
  it('the sup names a service in the console; the store shows that name everywhere', async () => {
    await addProduct('Telegram 接码', 'tg', 1);
    await addProduct('某银行 接码', 'zzbank', 2);
    await addProduct('WhatsApp 接码', 'wa', 3);
    const zz = await server.api.call('POST', '/api/service/add', server.supToken, {
      service: 'zzbank',
      name: 'ZZ Bank',
      name_cn: 'ZZ 银行',
    });
    expect(zz.code, zz.message).toBe(200);

    const desk = await openBrowser({ width: 1280, height: 800 });
    try {
      const page = desk.page;
      await useToken(page, server.url, server.supToken, 'sup');
      await page.goto(`${server.url}/items/service/create`);
      await page.getByLabel('服务代码').fill('tg');
      await page.getByLabel('英文名称').fill('Telegram Premium');
      await page.getByLabel('中文名称').fill('电报会员');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      await page.waitForURL((u) => u.pathname === '/items/service');
      await page.locator('.ant-table-row').filter({ hasText: 'Telegram Premium' }).waitFor();

      await page.goto(`${server.url}/items/store`);
      await page.getByTestId('store-service').first().waitFor();
      expect(await headers(page)).toEqual(WANT);
      await settle(page);
      await shot(page, 'service-names-console-store-1280');
    } finally {
      await desk.close();
    }

    // Drawn by the server, before any JavaScript runs.
    const html = await fetch(`${server.url}/store`).then((r) => r.text());
    const drawn = html.slice(html.indexOf('class="store-products-snapshot"'), html.indexOf('id="store-products-data"'));
    expect(drawn).toContain('data-testid="store-service"');
    for (const name of ['Telegram Premium', '电报会员', 'ZZ Bank', 'ZZ 银行']) expect(drawn).toContain(name);

    const phone = await openBrowser({ width: 375, height: 812 });
    try {
      await phone.page.goto(`${server.url}/store`);
      await phone.page.waitForLoadState('networkidle');
      await expect.poll(() => phone.page.locator('.store-products-snapshot').count()).toBe(0);
      expect(await headers(phone.page)).toEqual(WANT);
      // Found by the sup's Chinese name.
      await phone.page.getByLabel('搜索商品').fill('银行');
      await expect.poll(() => headers(phone.page)).toEqual([WANT[1]]);
      expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(phone.page, 'service-names-public-store-375');
    } finally {
      await phone.close();
    }
  });
});
