/**
 * Opening the console does not make the screen jump (layout shifts, as Core Web Vitals count them):
 * the placeholder shown while the console's code loads takes no room, and the home's figure cards
 * are drawn at their final size, labels in place, while the figures load.
 */
import { describe, expect, it } from 'vitest';
import { shot, useServer, useToken, withBrowser } from './harness';

const server = useServer();
const hold = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A customer who has bought something: their home shows the figure cards. */
async function customerWithAnOrder(): Promise<string> {
  const post = async (url: string, token: string, body: unknown) => {
    const r = await server.api.call('POST', url, token, body);
    expect(r.code, `${url}: ${r.message}`).toBe(200);
    return r.data;
  };
  const { id: goodsId } = await post('/api/goods/add', server.supToken, {
    title: '稳定加载 接码',
    channel: 'sms',
    service: 'steady',
    price: 1,
    valid_hours: 24,
    receive_limit: 1,
    reset_limit: 2,
    renew_price: 0.5,
    code_wait_minutes: 10,
    min_qty: 1,
    max_qty: 10,
    description: '<p>-</p>',
  });
  await post('/api/stock/import', server.supToken, { goods_id: goodsId, text: '+8613800000001\n+8613800000002' });
  const buyer = await post('/api/user/add', server.supToken, { username: 'steady_buyer', password: 'Steady-pass-123' });
  await post('/api/user/money', server.supToken, { id: buyer.id, amount: 10, remark: '测试充值' });
  const token = await server.api.login('steady_buyer', 'Steady-pass-123');
  await post('/api/order/buy', token, { goods_id: goodsId, quantity: 1 });
  return token;
}

describe('opening the console', () => {
  it("a customer's home on a phone: nothing moves while the code and then the figures arrive", async () => {
    const token = await customerWithAnOrder();
    await withBrowser({ width: 375, height: 812 }, async (page) => {
      await useToken(page, server.url, token, 'user');
      await page.addInitScript(() => {
        const shifts: { value: number; nodes: string[] }[] = ((window as Window & { __shifts?: unknown }).__shifts = []);
        // A layout-shift entry (the Layout Instability API, not in TypeScript's DOM types).
        type Shift = { hadRecentInput?: boolean; value: number; sources?: { node?: { tagName?: string; className?: string } }[] };
        new PerformanceObserver((list) => {
          for (const e of list.getEntries() as unknown as Shift[]) {
            if (!e.hadRecentInput)
              shifts.push({ value: e.value, nodes: (e.sources ?? []).map((s) => `${s.node?.tagName ?? '?'}.${s.node?.className ?? ''}`) });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // Each stage stays on screen long enough to be painted: the placeholder while the console's code
      // loads, the cards while the figures load.
      let figuresAsked = false;
      await page.route(/\/assets\/ConsoleRoot-[^/]*\.js$/, async (route) => {
        await hold(600);
        await route.continue();
      });
      await page.route('**/api/statistics/index', async (route) => {
        figuresAsked = true;
        await hold(800);
        await route.continue();
      });
      await page.goto(`${server.url}/home`);

      const card = page.getByTestId('stat-tokenNum');
      await card.waitFor();
      if (!(await card.getByTestId('stat-value').count())) {
        // Still loading: the card is there with its label, its value not yet.
        expect(await card.innerText()).toContain('全部号码');
      }
      await expect.poll(() => card.getByTestId('stat-value').count()).toBe(1);
      expect(await card.getByTestId('stat-value').innerText()).toBe('1');
      expect(figuresAsked).toBe(true);
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await shot(page, 'steady-load-home-375');
      const shifts = await page.evaluate(
        () => (window as Window & { __shifts?: unknown }).__shifts as { value: number; nodes: string[] }[],
      );
      expect(shifts.filter((s) => s.value >= 0.01)).toEqual([]);
    });
  });
});
