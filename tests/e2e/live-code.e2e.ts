/**
 * A code arriving while the customer watches: a customer who bought a link has 我的API open,
 * and in other tabs 接码记录 and the link's own page /c/<token>. A phone sends an SMS to that number
 * through the real webhook, signed, as SmsForwarder sends it; the code shows on all three without a
 * reload (a marker set on each window survives, and no page navigated). At 1280 px and on a 375 px phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, openBrowser, shot, startServer, useToken, type Server } from './harness';
import { defaultFormRequest } from '../helpers/smsforwarder-app';
import { localTime } from '../helpers/server';

let server: Server;
let buyer: string;
let link: { id: number; identifier: string; url: string; token: string };
let device: { webhook_url: string; secret: string };

const post = async (url: string, token: string, body: unknown) => {
  const r = await server.api.call('POST', url, token, body);
  if (r.code !== 200) throw new Error(`${url}: ${r.code} ${r.message}`);
  return r.data;
};

beforeAll(async () => {
  server = await startServer();
  const sup = await server.api.login(ADMIN.username, ADMIN.password);
  const added = await post('/api/user/add', sup, { username: 'live_buyer', password: 'Buyer-pass-123' });
  buyer = await server.api.login('live_buyer', 'Buyer-pass-123');
  await post('/api/user/money', sup, { id: added.id, amount: 10, remark: '测试充值' });
  const goods = (
    await post('/api/goods/add', sup, {
      title: 'Telegram 接码',
      channel: 'sms',
      service: 'tg',
      price: 2,
      valid_hours: 24,
      receive_limit: 3,
      min_qty: 1,
      max_qty: 10,
    })
  ).id;
  await post('/api/stock/import', sup, { goods_id: goods, text: '+8613800138077' });
  [link] = (await post('/api/order/buy', buyer, { goods_id: goods, quantity: 1 })).tokens;
  link.token = new URL(link.url).pathname.split('/').pop()!;
  device = await post('/api/device/add', sup, { name: '一号机' });
});
afterAll(async () => {
  await server?.stop();
});

/** One SMS to the link's number, from the phone, in SmsForwarder's default signed form. */
async function phoneReceives(text: string): Promise<number> {
  const ts = Date.now();
  const req = defaultFormRequest(
    { from: '+8610690000', text, simInfo: `SIM1_${link.identifier}`, receiveTime: localTime(ts), deviceMark: 'Redmi' },
    device.secret,
    ts,
  );
  return (await fetch(device.webhook_url, { method: 'POST', headers: { 'content-type': req.contentType }, body: req.body })).status;
}

/**
 * Opens a page and marks its window: the marker is gone if the page reloads. Every navigation of its
 * main frame is counted from here on (a reload or a new document would add one).
 */
async function watch(page: Page, url: string, ready: () => Promise<unknown>) {
  await page.goto(url);
  await ready();
  await page.evaluate(() => {
    (window as Window & { __watched?: string }).__watched = 'still here';
  });
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  return {
    /** The same document as when watching began: marker kept, no navigation, same address. */
    unchanged: async () => {
      expect(await page.evaluate(() => (window as Window & { __watched?: string }).__watched)).toBe('still here');
      expect(navigations).toEqual([]);
      expect(page.url()).toBe(url);
    },
  };
}

async function settle(page: Page) {
  await page.mouse.move(0, 0);
  await page.waitForTimeout(400);
}

const myApi = (page: Page) => page.locator('.fw-list-card');
const bodyText = (page: Page) => page.locator('body').innerText();

describe('a code arriving while the customer watches', () => {
  it('1280 px: shows on 我的API, on 接码记录 and on /c/<token> without a reload', async () => {
    const browser = await openBrowser({ width: 1280, height: 800 });
    try {
      const tokens = browser.page;
      await useToken(tokens, server.url, buyer, 'user');
      const tokensUrl = `${server.url}/items/api/token`;
      const watchTokens = await watch(tokens, tokensUrl, () => expect.poll(() => myApi(tokens).innerText()).toContain(link.identifier));
      expect(await myApi(tokens).innerText()).toContain('等待验证码');
      const records = await browser.context.newPage();
      const recordsUrl = `${server.url}/items/api/record`;
      const watchRecords = await watch(records, recordsUrl, () => expect.poll(() => bodyText(records)).toContain('接码记录'));
      const codePage = await browser.context.newPage();
      const codeUrl = `${server.url}/c/${link.token}`;
      const watchCode = await watch(codePage, codeUrl, () => expect.poll(() => codePage.locator('#code').innerText()).toBe('暂无'));
      // Live lists refetch only while their tab is visible: every tab here must be.
      for (const p of [tokens, records, codePage]) expect(await p.evaluate(() => document.visibilityState)).toBe('visible');
      expect(await records.locator('.ant-table-tbody').innerText()).not.toContain('482913');

      expect(await phoneReceives('【Telegram】您的验证码是 482913，请勿泄露给他人。')).toBe(200);

      // 我的API and 接码记录 refetch every 5 s; /c/<token> long-polls and wakes at once.
      const live = { timeout: 20_000, interval: 200 };
      await expect.poll(() => codePage.locator('#code').innerText(), live).toBe('482913');
      await expect.poll(() => tokens.locator('.ant-table-row').filter({ hasText: link.identifier }).innerText(), live).toContain('482913');
      expect(await myApi(tokens).innerText()).toContain('已收到验证码');
      await expect.poll(() => records.locator('.ant-table-tbody').innerText(), live).toContain('482913');
      expect(await records.locator('.ant-table-tbody').innerText()).toContain(link.identifier);
      expect(await codePage.locator('#state').innerText()).toContain('已收到验证码');

      await watchTokens.unchanged();
      await watchRecords.unchanged();
      await watchCode.unchanged();
      await tokens.bringToFront();
      // At 1280 px the table scrolls sideways (the first columns pinned at the left, the time columns and actions at the right)
      // and the code's column starts out of view: scrolled to, it is on screen, not under the pinned ones.
      const codeCell = tokens.locator('.ant-table-row td').filter({ hasText: /^482913$/ });
      // As a person would: scroll the table sideways until the code's column is just right of the pinned first columns.
      await codeCell.evaluate((td: HTMLElement) => {
        const pinned = [...td.closest('tr')!.children]
          .filter((c) => c !== td && c.classList.contains('ant-table-cell-fix-left'))
          .reduce((width, c) => width + c.getBoundingClientRect().width, 0);
        td.closest('.ant-table-content')!.scrollLeft = td.offsetLeft - pinned;
      });
      await settle(tokens);
      expect(
        await codeCell.evaluate((td) => {
          const r = td.getBoundingClientRect();
          return td.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
        }),
      ).toBe(true);
      await shot(tokens, 'live-code-1280-my-api');
      await shot(records, 'live-code-1280-records');
      await shot(codePage, 'live-code-1280-link-page');
    } finally {
      await browser.close();
    }
  });

  it('375 px: a second code shows on 我的API without a reload', async () => {
    const browser = await openBrowser({ width: 375, height: 800 });
    try {
      const page = browser.page;
      await useToken(page, server.url, buyer, 'user');
      const url = `${server.url}/items/api/token`;
      const watched = await watch(page, url, () => expect.poll(() => myApi(page).innerText()).toContain('482913'));
      expect(await phoneReceives('Your Telegram code: 730615. Do not share it.')).toBe(200);
      await expect.poll(() => myApi(page).innerText(), { timeout: 20_000, interval: 200 }).toContain('730615');
      expect(await myApi(page).innerText()).not.toContain('482913');
      await watched.unchanged();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await settle(page);
      await shot(page, 'live-code-375-my-api');
    } finally {
      await browser.close();
    }
  });
});
