/**
 * `/c/<token>` is a code read like `/api/code/<token>`: the same limits per link and per address
 * (one budget for both doors), answered with a Chinese page and HTTP 429 with Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, startServer, SUP, type Caller, type TestServer } from '../../helpers/server.js';
import { addGoods, buyOk, credit, importLines, phones } from '../../helpers/commerce.js';

const UNKNOWN = 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

describe.each(dbKinds)('/c/<token> limits on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let buyer: { id: number; token: string };
  let goods: number;
  let nextPhone = 8613600000000;

  async function link(): Promise<string> {
    await importLines(s, sup, goods, phones(1, nextPhone++));
    return (await buyOk(s, buyer.token, goods)).tokens[0].token;
  }
  const page = async (base: string, token: string) => {
    const res = await fetch(`${base}/c/${token}`);
    return { status: res.status, headers: res.headers, html: await res.text() };
  };
  /** Runs `body` with the clock stopped, so no bucket refills while it reads. */
  async function frozen(body: () => Promise<void>) {
    s.clock.freeze(Date.now());
    try {
      await body();
    } finally {
      s.clock.reset();
    }
  }

  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
    buyer = await s.addCustomer(sup, 'limit_buyer');
    await credit(s, sup, buyer.id, 100);
    goods = await addGoods(s, sup, { title: '限流测试', price: 0.1 });
  });
  afterAll(() => s?.close());

  it("500 fast reads of one page are not all answered: the link's burst, then 429", async () => {
    const token = await link();
    await frozen(async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 500; i++) statuses.push((await page(s.url, token)).status);
      const served = statuses.filter((x) => x === 200).length;
      expect(served).toBeGreaterThan(0);
      expect(served).toBeLessThan(100);
      expect(statuses.slice(served).every((x) => x === 429)).toBe(true);
    });
  });

  describe('with strict limits', () => {
    let strict: Caller;
    beforeAll(async () => {
      strict = await s.sibling({ codeRatePerToken: 60, codeRatePerAddress: 100_000 });
    });

    it('too many reads of one link: a Chinese page with 429 and Retry-After; other links still open; open again after waiting', async () => {
      const token = await link();
      await frozen(async () => {
        for (let i = 0; i < 10; i++) expect((await page(strict.url, token)).status).toBe(200);
        const limited = await page(strict.url, token);
        expect(limited.status).toBe(429);
        expect(limited.headers.get('retry-after')).toBe('1');
        expect(limited.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(limited.headers.get('cache-control')).toBe('no-store');
        expect(limited.html).toMatch(/^<!doctype html>/);
        expect(chinese(limited.html)).toBe(true);
        expect(limited.html).toContain('请求过于频繁');
        expect(limited.html).not.toContain(token);
        expect((await page(strict.url, await link())).status).toBe(200);
        s.clock.advance(1000);
        expect((await page(strict.url, token)).status).toBe(200);
      });
    });

    it('the page and /api/code/<token> share one budget per link: alternating doors gains nothing', async () => {
      const token = await link();
      await frozen(async () => {
        for (let i = 0; i < 5; i++) {
          expect((await strict.get(`/api/code/${token}`)).code).toBe(200);
          expect((await page(strict.url, token)).status).toBe(200);
        }
        expect((await page(strict.url, token)).status).toBe(429);
        expect((await strict.get(`/api/code/${token}`)).code).toBe(429);
      });
    });
  });

  it('too many reads from one address, over any links (or none): 429 with Retry-After', async () => {
    const strict = await s.sibling({ codeRatePerToken: 100_000, codeRatePerAddress: 60 });
    const tokens = [await link(), await link(), await link()];
    await frozen(async () => {
      for (let i = 0; i < 10; i++) {
        const target = i % 4 === 3 ? UNKNOWN : tokens[i % 4];
        expect((await page(strict.url, target)).status).toBe(target === UNKNOWN ? 404 : 200);
      }
      const limited = await page(strict.url, tokens[0]);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(chinese(limited.html)).toBe(true);
      // The address's budget is the one /api/code/<token> spends too.
      expect((await strict.get(`/api/code/${tokens[1]}`)).code).toBe(429);
    });
  });
});
