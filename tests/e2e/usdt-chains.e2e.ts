/**
 * USDT on an EVM chain in the browser, at 1280 px and on a 375 px phone: the sup sets BEP20 up in its
 * card on the USDT settings screen and sees its watcher read the chain; a customer's pay screen for a
 * BEP20 order names the network, shows the address and its QR code, and turns paid once the local
 * JSON-RPC node has the transfer and its confirmations (the real server's watcher on its own timers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { evmAddress, FakeEvmNode, units } from '../helpers/evm-node';
import { ADMIN, settle, shot, startServer, useToken, withBrowser, type Server } from './harness';

// The fake node listens on loopback; the server (a child process) reads this from its environment.
process.env.WEBHOOK_ALLOW_PRIVATE = '1';

const SHOP = evmAddress('e2e bsc receiving address');
const BSC_USDT = '0x55d398326f99059fF775485246999027B3197955';
/** The watcher polls every 3 s while an order waits: allow several rounds. */
const CHAIN = { timeout: 45_000, interval: 250 };
/** A browser on a loaded two-core machine can take a minute to start. */
const SLOW = 240_000;

let server: Server;
let node: FakeEvmNode;
let supToken: string;

beforeAll(async () => {
  server = await startServer();
  node = await FakeEvmNode.start(Date.now, BSC_USDT, 41_000_000);
  supToken = await server.api.login(ADMIN.username, ADMIN.password);
  const set = await server.api.call('POST', '/api/usdt/config/edit', supToken, { poll_seconds: 3, min_amount: 5, max_amount: 2000 });
  expect(set.code, set.message).toBe(200);
});
afterAll(async () => {
  await node?.close();
  await server?.stop();
});

/** Every control a finger presses is at least 44 px high on a phone. */
async function expectTouchSized(page: Page, selector: string) {
  const heights = await page.locator(selector).evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height));
  expect(heights.length).toBeGreaterThan(0);
  for (const h of heights) expect(h).toBeGreaterThanOrEqual(44);
}

describe('USDT on an EVM chain in the browser', () => {
  it(
    '1280 px: the sup opens BEP20 in its card; the watcher reads the chain and shows where it is',
    async () => {
      await withBrowser({ width: 1280, height: 900 }, async (page) => {
        await useToken(page, server.url, supToken, 'sup');
        await page.goto(`${server.url}/system/usdt`);
        const card = page.getByTestId('chain-card-bep20');
        await card.waitFor();
        expect(await card.getByLabel('USDT 合约地址').inputValue()).toBe(BSC_USDT);
        expect(await card.getByLabel('小数位数').inputValue()).toBe('18');
        expect(await card.getByLabel('确认区块数').inputValue()).toBe('15');
        await card.getByLabel('收款地址').fill('0x1234');
        await card.getByRole('button', { name: '保存 BEP20 (BSC)' }).click();
        await expect.poll(() => card.getByText('收款地址应为 0x 开头的 42 位地址').first().isVisible()).toBe(true);
        await card.getByLabel('收款地址').fill(SHOP);
        await card.getByLabel('RPC 地址').fill(node.url);
        await card.getByRole('switch').click();
        await card.getByRole('button', { name: '保存 BEP20 (BSC)' }).click();
        await expect.poll(() => card.locator('.ant-tag').innerText()).toBe('已开放');
        await page.getByRole('button', { name: '立即检查' }).click();
        await expect.poll(() => card.getByTestId('chain-watch').innerText(), CHAIN).toContain(String(node.head - 15));
        await settle(page);
        await shot(page, 'usdt-chains-config-1280');
      });
    },
    SLOW,
  );

  it(
    '375 px: the settings card fits a phone and says when the node fails',
    async () => {
      const open = { chains: { bep20: { enabled: true, address: SHOP, rpc_url: node.url } } };
      expect((await server.api.call('POST', '/api/usdt/config/edit', supToken, open)).code).toBe(200);
      node.failures.push({ status: 429 });
      await server.api.call('POST', '/api/usdt/poll', supToken, {});
      await withBrowser({ width: 375, height: 812 }, async (page) => {
        await useToken(page, server.url, supToken, 'sup');
        await page.goto(`${server.url}/system/usdt`);
        const card = page.getByTestId('chain-card-bep20');
        await card.waitFor();
        await expect.poll(() => card.getByTestId('chain-error').innerText()).toContain('RPC 节点限流');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(375);
        await expectTouchSized(page, '[data-testid="chain-card-bep20"] .chain-save');
        await card.scrollIntoViewIfNeeded();
        await settle(page);
        await shot(page, 'usdt-chains-config-375');
      });
    },
    SLOW,
  );

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    it(
      `${viewport.width} px: a BEP20 order's pay screen names the network, shows the address and QR, and turns paid`,
      async () => {
        // Opened by the sup's screen above; said again so this test stands alone.
        const open = { chains: { bep20: { enabled: true, address: SHOP, rpc_url: node.url } } };
        expect((await server.api.call('POST', '/api/usdt/config/edit', supToken, open)).code).toBe(200);
        const token = await server.api.register(`bsc_buyer_${viewport.width}`, 'bsc-pass-1');
        const created = await server.api.call('POST', '/api/usdt/create', token, { amount: 25, chain: 'bep20' });
        expect(created.code, created.message).toBe(200);
        await withBrowser(viewport, async (page) => {
          await useToken(page, server.url, token, 'user');
          await page.goto(`${server.url}/account/usdt?id=${created.data.id}`);
          await page.getByTestId('pay-amount').waitFor();
          await page.locator('.ant-qrcode canvas').waitFor();
          expect(await page.getByTestId('pay-network').innerText()).toContain('BEP20 (BSC)');
          expect(await page.getByTestId('pay-address').innerText()).toBe(SHOP);
          expect(await page.getByTestId('pay-network-warning').innerText()).toContain('只支持 BEP20 (BSC) 网络的 USDT');
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          await settle(page);
          await shot(page, `usdt-chains-pay-${viewport.width}`);

          node.transfer({ to: SHOP, value: units(created.data.amount, 18) });
          node.mine(15);
          await expect.poll(() => page.getByTestId('pay-state').innerText(), CHAIN).toBe('已到账');
          await settle(page);
          await shot(page, `usdt-chains-paid-${viewport.width}`);
        });
      },
      SLOW,
    );
  }
});
