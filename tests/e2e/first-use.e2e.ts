/**
 * First use in the browser, at 1280 px and on a 375 px phone: a new customer's home leads with the way
 * to a first code (开始使用: 充值 → 去商城 → 我的API) and its buttons lead to the top-up screen and the
 * store; the profile card leads to the 接口密钥; with USDT
 * off the top-up screen gives the shop's contact details; an empty 我的API offers 去商城; the sup's
 * empty 设备 list offers 添加设备 and says how a phone reports.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { settle, shot, useServer, useToken, withBrowser } from './harness';

const server = useServer();
const SIZES = [
  { width: 1280, height: 900 },
  { width: 375, height: 800 },
];
const path = (page: Page) => new URL(page.url()).pathname;
const button = (page: Page, scope: string, name: RegExp) => page.locator(`[data-testid="${scope}"]`).getByRole('button', { name });

describe('first use', () => {
  for (const size of SIZES) {
    it(`${size.width} px: a new customer is led from the home to the top-up screen, the store and back to an empty 我的API`, async () => {
      const edited = await server.api.call('POST', '/api/config/edit', server.supToken, {
        content: '<p>客服 Telegram：@first_use_help</p>',
      });
      expect(edited.code).toBe(200);
      const token = await server.api.register(`newbie_${size.width}`, 'Newbie-pass-123');
      await withBrowser(size, async (page) => {
        await useToken(page, server.url, token, 'user');
        await page.goto(`${server.url}/home`);
        const guide = page.getByTestId('first-steps');
        await guide.waitFor();
        expect(await guide.innerText()).toContain('在“我的API”里查看号码和验证码');
        expect(await page.getByTestId('stat-value').count()).toBe(0);
        // 开始使用 leads the home, above the profile: on a phone its title and first step are on the first screen.
        const guideBox = (await guide.boundingBox())!;
        expect(guideBox.y).toBeLessThan((await page.getByTestId('profile-card').boundingBox())!.y);
        expect(guideBox.y).toBeLessThan(200);
        expect(await button(page, 'first-steps', /^充\s?值$/).isVisible()).toBe(true);
        expect((await button(page, 'first-steps', /^充\s?值$/).boundingBox())!.y).toBeLessThan(size.height);
        await settle(page);
        await shot(page, `first-use-${size.width}-home`);

        // The 接口密钥 for scripts is one tap from the home card: 修改信息 opens at the key.
        await page.getByTestId('profile-apikey').click();
        await page.waitForURL((u) => u.pathname === '/user/info' && u.hash === '#apikey');
        const keyCard = page.getByTestId('apikey-card');
        await expect.poll(() => keyCard.innerText()).toContain('创建密钥');
        expect(await keyCard.innerText()).toContain('密钥换成这里的接口密钥');
        expect(await keyCard.innerText()).not.toContain('API Key');
        await expect
          .poll(async () => {
            const box = await keyCard.boundingBox();
            // Below the header (its title not hidden under it), on the first screen.
            return box !== null && box.y >= 56 && box.y < size.height - 100;
          })
          .toBe(true);
        await settle(page);
        await shot(page, `first-use-${size.width}-apikey`);
        await page.goBack();
        await guide.waitFor();

        await button(page, 'first-steps', /^充\s?值$/).click();
        await page.waitForURL((u) => u.pathname === '/account/recharge');
        // USDT is off on a new shop: the top-up screen gives the shop's contact details.
        await expect.poll(() => page.getByTestId('recharge-contact').innerText()).toContain('@first_use_help');
        await settle(page);
        await shot(page, `first-use-${size.width}-recharge-off`);

        await page.goBack();
        await button(page, 'first-steps', /^去商城$/).click();
        await page.waitForURL((u) => u.pathname === '/items/store');

        await page.goto(`${server.url}/items/api/token`);
        const empty = page.getByTestId('list-empty');
        await expect.poll(() => empty.innerText()).toContain('还没有号码');
        await settle(page);
        await shot(page, `first-use-${size.width}-links-empty`);
        await button(page, 'list-empty', /^去商城$/).click();
        await page.waitForURL((u) => u.pathname === '/items/store');
      });
    });

    it(`${size.width} px: the sup's empty 设备 list says how a phone reports and offers 添加设备`, async () => {
      await withBrowser(size, async (page) => {
        await useToken(page, server.url, server.supToken, 'sup');
        await page.goto(`${server.url}/system/device`);
        const empty = page.getByTestId('list-empty');
        await expect.poll(() => empty.innerText()).toContain('SmsForwarder');
        await settle(page);
        await shot(page, `first-use-${size.width}-devices-empty`);
        await button(page, 'list-empty', /^添加设备$/).click();
        await page.waitForURL((u) => u.pathname === '/system/device/create');
        expect(path(page)).toBe('/system/device/create');
      });
    });
  }
});
