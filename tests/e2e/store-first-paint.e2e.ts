/**
 * The public store (/store) is sent with its products already drawn (server/store/page.ts): they are
 * on screen before any JavaScript runs, styled as the app styles them; the app then takes them over
 * with the data sent beside them, without loading the products again or flashing a skeleton.
 */
import { describe, expect, it } from 'vitest';
import { openBrowser, shot, useServer } from './harness';

const server = useServer();
const NASTY = '</script><script>window.__owned=1</script>';

async function addProduct(title: string, extra: Record<string, unknown> = {}) {
  const r = await server.api.call('POST', '/api/goods/add', server.supToken, {
    title,
    channel: 'sms',
    service: `s${Math.random().toString(36).slice(2, 7)}`,
    price: 1.5,
    valid_hours: 24,
    receive_limit: 1,
    reset_limit: 2,
    renew_price: 0.5,
    code_wait_minutes: 0,
    min_qty: 1,
    max_qty: 100,
    description: '<p>支持 <b>注册</b></p>',
    ...extra,
  });
  expect(r.code, r.message).toBe(200);
  return r.data.id as number;
}

describe('the public store at the first paint', () => {
  it('is sent with the products drawn and their data, everything escaped; the server-side code is not served', async () => {
    await addProduct('Telegram 首屏', { sort: 1 });
    await addProduct(NASTY, { sort: 2 });
    const res = await fetch(`${server.url}/store`, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    expect(html).toContain('data-prerendered="/store"');
    expect(html).toMatch(/class="store-products-snapshot"><div class="store-list"/);
    expect(html).toContain('Telegram 首屏');
    // Escaped in the cards and in the data: the title never closes the page's <script>.
    expect(html).not.toContain(NASTY);
    const data = JSON.parse(/<script type="application\/json" id="store-products-data">(.*?)<\/script>/s.exec(html)![1]);
    expect(data.list.map((p: { title: string }) => p.title)).toEqual(['Telegram 首屏', NASTY]);
    expect(data.total).toBe(2);
    expect(data.list[0]).not.toHaveProperty('extra');
    const code = await fetch(`${server.url}/ssr/store-cards.mjs`);
    expect(await code.text()).not.toContain('renderStoreProducts');
  });

  it('shows the styled list with no JavaScript at all', async () => {
    const browser = await openBrowser({ width: 1280, height: 800 });
    try {
      await browser.page.route(/\.m?js(\?|$)/, (route) => route.abort());
      await browser.page.goto(`${server.url}/store`);
      await shot(browser.page, 'store-before-javascript');
      const cards = browser.page.getByTestId('product-card');
      expect(await cards.count()).toBe(2);
      const look = await browser.page.evaluate(() => {
        const card = document.querySelector('[data-testid="product-card"]')!;
        return {
          border: getComputedStyle(card.closest('[data-testid="store-service"]')!).borderTopStyle,
          price: getComputedStyle(card.querySelector('[data-testid="product-price"]')!).color,
          button: getComputedStyle(card.querySelector('.ant-btn-primary')!).borderTopColor,
          owned: (window as Window & { __owned?: unknown }).__owned === 1,
        };
      });
      expect(look).toEqual({ border: 'solid', price: 'rgb(207, 19, 34)', button: 'rgb(15, 95, 220)', owned: false });
    } finally {
      await browser.close();
    }
  });

  it('on a phone the app takes the cards over without loading them again or showing a skeleton; 登录后购买 leads to the login', async () => {
    const browser = await openBrowser({ width: 375, height: 812 });
    const errors: string[] = [];
    const storeCalls: string[] = [];
    browser.page.on('pageerror', (e) => errors.push(e.message));
    browser.page.on('request', (r) => {
      if (r.url().includes('/api/store/data')) storeCalls.push(r.url());
    });
    try {
      // Records whether a loading skeleton ever appears in the product list.
      await browser.page.addInitScript({
        content: `new MutationObserver(() => {
        if (document.querySelector('.store-products .ant-skeleton')) window.__skeleton = true;
      }).observe(document, { childList: true, subtree: true });`,
      });
      await browser.page.goto(`${server.url}/store`);
      await browser.page.waitForLoadState('networkidle');
      // The live list (not the sent HTML) is on screen once the app has run.
      await expect.poll(() => browser.page.locator('.store-products-snapshot').count()).toBe(0);
      expect(await browser.page.getByTestId('product-card').count()).toBe(2);
      expect(await browser.page.evaluate(() => (window as Window & { __skeleton?: unknown }).__skeleton === true)).toBe(false);
      expect(storeCalls).toEqual([]);
      expect(await browser.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await shot(browser.page, 'store-phone-taken-over');
      await browser.page.getByTestId('product-card').first().getByRole('button', { name: '登录后购买' }).click();
      await browser.page.waitForURL((u) => u.pathname === '/login');
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('a product added later is on the page within a few seconds', async () => {
    await addProduct('稍后上架的商品', { sort: 3 });
    await expect
      .poll(async () => (await fetch(`${server.url}/store`).then((r) => r.text())).includes('稍后上架的商品'), {
        timeout: 15_000,
        interval: 500,
      })
      .toBe(true);
  });
});
