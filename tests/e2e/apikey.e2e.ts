/**
 * The API key in the browser: a customer makes it on user/info and sees it once (with the address
 * to put in a script), replaces it after a confirmation, and the old one stops working; the sup
 * sees who holds a key in the user list and revokes it from the row. At 1280 px and on a 375 px phone.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clickRowAction, rowActionLabels, settle, shot, useServer, useToken, withBrowser } from './harness';

const server = useServer();

/** What a script gets for getBalance with this key. */
const balanceWord = async (key: string) =>
  (await fetch(`${server.url}/stubs/handler_api.php?api_key=${encodeURIComponent(key)}&action=getBalance`)).text();

/** Opens user/info, makes (or replaces) the key through the card, and returns the key the dialog shows. */
async function makeKey(page: Page, name: string, replace: boolean): Promise<string> {
  const card = page.getByTestId('apikey-card');
  await card.getByRole('button', { name: replace ? /更换密钥|更\s*换/ : /创建密钥/ }).click();
  if (replace) {
    const confirm = page.locator('.ant-modal-confirm');
    await expect.poll(() => confirm.locator('.ant-modal-confirm-title').innerText()).toBe('更换接口密钥？');
    await confirm.getByRole('button', { name: /更\s*换/ }).click();
  }
  const secret = page.getByTestId('apikey-secret');
  await secret.waitFor();
  const key = (await secret.innerText()).trim();
  expect(key).toMatch(/^sak_[A-Za-z0-9_-]{43}$/);
  expect(await page.locator('.ant-modal').filter({ hasText: '请保存您的接口密钥' }).innerText()).toContain(
    `${server.url}/stubs/handler_api.php`,
  );
  await settle(page);
  await shot(page, `${name}-new-key`);
  await page.getByRole('button', { name: '我已保存' }).click();
  await expect.poll(() => page.getByTestId('apikey-secret').count()).toBe(0);
  return key;
}

describe('API keys in the browser', () => {
  it('1280 px: the customer makes a key, sees it once, replaces it after a confirmation; the old one stops working', async () => {
    const token = await server.api.register('key_maker', 'key-pass-123');
    await withBrowser({ width: 1280, height: 900 }, async (page) => {
      await useToken(page, server.url, token, 'user');
      await page.goto(`${server.url}/user/info`);
      const card = page.getByTestId('apikey-card');
      await expect.poll(() => card.innerText()).toContain('尚未创建');
      expect(await card.innerText()).toContain(`${server.url}/stubs/handler_api.php`);
      await shot(page, 'apikey-1280-none');

      const first = await makeKey(page, 'apikey-1280', false);
      expect(await balanceWord(first)).toBe('ACCESS_BALANCE:0.00');
      await expect.poll(() => card.innerText()).toContain(`sak_…${first.slice(-4)}`);
      expect(await card.innerText()).toContain('可用');
      expect(await card.innerText()).not.toContain(first);

      // Replacing asks first; saying no keeps the key.
      await card.getByRole('button', { name: /更换密钥/ }).click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /取\s*消/ })
        .click();
      await expect.poll(() => page.locator('.ant-modal-confirm').count()).toBe(0);
      expect(await balanceWord(first)).toBe('ACCESS_BALANCE:0.00');

      const second = await makeKey(page, 'apikey-1280-replaced', true);
      expect(second).not.toBe(first);
      expect(await balanceWord(first)).toBe('BAD_KEY');
      expect(await balanceWord(second)).toBe('ACCESS_BALANCE:0.00');
      await expect.poll(() => card.innerText()).toContain(`sak_…${second.slice(-4)}`);
      await page.reload();
      await expect.poll(() => card.innerText()).toContain('最近使用');
      await settle(page);
      await shot(page, 'apikey-1280-card');
    });
  });

  it('375 px phone: the card and the one-time dialog fit the screen', async () => {
    const token = await server.api.register('key_phone', 'key-pass-456');
    await withBrowser({ width: 375, height: 812 }, async (page) => {
      await useToken(page, server.url, token, 'user');
      await page.goto(`${server.url}/user/info`);
      await page
        .getByTestId('apikey-card')
        .getByRole('button', { name: /创建密钥/ })
        .waitFor();
      const key = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(key).toBeLessThanOrEqual(0);
      await page
        .getByTestId('apikey-card')
        .getByRole('button', { name: /创建密钥/ })
        .click();
      await page.getByTestId('apikey-secret').waitFor();
      const dialog = await page.locator('.ant-modal').filter({ hasText: '请保存您的接口密钥' }).boundingBox();
      expect(dialog!.x).toBeGreaterThanOrEqual(0);
      expect(dialog!.x + dialog!.width).toBeLessThanOrEqual(375);
      const secret = await page.getByTestId('apikey-secret').boundingBox();
      expect(secret!.x + secret!.width).toBeLessThanOrEqual(375);
      await settle(page);
      await shot(page, 'apikey-375-new-key');
      await page.getByRole('button', { name: '我已保存' }).click();
      await page.getByTestId('apikey-card').scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
      await settle(page);
      await shot(page, 'apikey-375-card');
    });
  });

  it('the sup sees who holds a key and revokes it from the user list; the customer sees it revoked', async () => {
    const token = await server.api.register('key_revoked', 'key-pass-789');
    const key = (await server.api.call('POST', '/api/apikey/create', token, {})).data.key as string;
    expect(await balanceWord(key)).toBe('ACCESS_BALANCE:0.00');
    await withBrowser({ width: 1280, height: 900 }, async (page) => {
      await useToken(page, server.url, server.supToken, 'sup');
      // The sup's own page has no key card: a sup has no key.
      await page.goto(`${server.url}/user/info`);
      await page.getByRole('button', { name: '修改密码' }).waitFor();
      expect(await page.getByTestId('apikey-card').count()).toBe(0);

      await page.goto(`${server.url}/user/index?f_username=key_`);
      const row = page.locator('tr', { hasText: 'key_revoked' });
      await expect.poll(() => rowActionLabels(page, row)).toContain('撤销密钥');
      expect(await page.locator('thead').innerText()).toContain('接口密钥');
      const keyColumn = (await page.locator('thead th').allInnerTexts()).findIndex((t) => t.includes('接口密钥'));
      const keyCell = () => row.locator('td').nth(keyColumn).innerText();
      expect(await keyCell()).toBe('是');
      expect(await rowActionLabels(page, page.locator('tr', { hasText: 'key_phone' }))).toContain('撤销密钥');
      await settle(page);
      await shot(page, 'apikey-sup-list');
      await clickRowAction(page, row, '撤销密钥');
      const confirm = page.locator('.ant-modal-confirm');
      await expect.poll(() => confirm.locator('.ant-modal-confirm-title').innerText()).toBe('撤销用户 key_revoked 的接口密钥？');
      await confirm.getByRole('button', { name: /撤\s*销/ }).click();
      await expect.poll(() => rowActionLabels(page, row)).not.toContain('撤销密钥');
      expect(await keyCell()).toBe('否');
      expect(await balanceWord(key)).toBe('BAD_KEY');
      await settle(page);
      await shot(page, 'apikey-sup-revoked');
    });
    await withBrowser({ width: 1280, height: 900 }, async (page) => {
      await useToken(page, server.url, token, 'user');
      await page.goto(`${server.url}/user/info`);
      await expect.poll(() => page.getByTestId('apikey-card').innerText()).toContain('已被管理员撤销');
      expect(
        await page
          .getByTestId('apikey-card')
          .getByRole('button', { name: /创建密钥/ })
          .isVisible(),
      ).toBe(true);
    });
  });
});
