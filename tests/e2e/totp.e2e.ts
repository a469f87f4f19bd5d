/**
 * Two-step login in the browser, at 1280 px and on a 375 px phone: a customer turns it on from
 * user/info (QR code and secret, a code computed here as a phone would, the ten recovery codes shown
 * once), logs out, and logs back in with the password and then a code on the same screen; the login
 * history shows both attempts. A sup created while 强制管理员两步验证 is on is sent to the setup at
 * login and can use the console once it is done.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { codeAt } from '../helpers/totp-code';
import { loginUi, settle, shot, useServer, useToken, withBrowser } from './harness';

const server = useServer();
const STEP = 30_000;

/** A six-digit code other than the right ones around now. */
const wrongCode = (secret: string) => {
  const near = [-1, 0, 1, 2].map((d) => codeAt(secret, Date.now() + d * STEP));
  return ['000000', '111111', '222222'].find((c) => !near.includes(c))!;
};

/** The setup panel: reads the secret it shows, types the code of now, and answers the secret and the recovery codes. */
async function completeSetup(page: Page, name: string): Promise<{ secret: string; codes: string[] }> {
  const panel = page.getByTestId('totp-setup');
  await panel.waitFor();
  expect(await panel.locator('canvas, svg').count()).toBeGreaterThan(0); // the QR code
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await settle(page);
  await shot(page, `${name}-setup`);

  // A wrong code first: told so, still off.
  await page.locator('#totp-enable-code').fill(wrongCode(secret));
  await panel.getByRole('button', { name: /确认开启/ }).click();
  await expect.poll(() => panel.getByRole('alert').innerText()).toContain('验证码不正确');

  await page.locator('#totp-enable-code').fill(codeAt(secret, Date.now()));
  await panel.getByRole('button', { name: /确认开启/ }).click();
  const shown = page.getByTestId('totp-recovery-codes');
  await shown.waitFor();
  const codes = (await shown.innerText()).trim().split('\n');
  expect(codes).toHaveLength(10);
  for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await settle(page);
  await shot(page, `${name}-recovery-codes`);
  await page.getByRole('button', { name: '我已保存' }).click();
  await expect.poll(() => shown.count()).toBe(0);
  return { secret, codes };
}

async function logout(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByText('退出登录').click();
  await page
    .getByRole('button', { name: /退\s*出/ })
    .last()
    .click();
  await page.waitForURL('**/login');
}

describe('two-step login in the browser', () => {
  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    it(`${viewport.width} px: turn it on, log out, log in with the password and then a code`, async () => {
      const username = `totp_user_${viewport.width}`;
      const password = 'totp-pass-123';
      const token = await server.api.register(username, password);
      await withBrowser(viewport, async (page) => {
        await useToken(page, server.url, token, 'user');
        await page.goto(`${server.url}/user/info`);
        const card = page.getByTestId('totp-card');
        await card.getByRole('button', { name: /开启两步验证/ }).click();
        const { secret } = await completeSetup(page, `totp-${viewport.width}`);
        await expect.poll(() => card.innerText()).toContain('已开启');
        expect(await card.innerText()).toContain('10 个');
        await settle(page);
        await shot(page, `totp-${viewport.width}-on`);

        await logout(page);
        await page.getByPlaceholder('用户名').fill(username);
        await page.getByPlaceholder('密码', { exact: true }).fill(password);
        await page.getByRole('button', { name: /登\s*录/ }).click();
        const code = page.locator('#login-totp');
        await code.waitFor();
        // The same screen: the password is still there; the code is asked for.
        expect(page.url()).toContain('/login');
        expect(await page.getByPlaceholder('密码', { exact: true }).inputValue()).toBe(password);
        expect(await page.locator('.auth-card').innerText()).toContain('两步验证码');
        await settle(page);
        await shot(page, `totp-${viewport.width}-login-code`);

        await code.fill(wrongCode(secret));
        await page.getByRole('button', { name: /验证并登录/ }).click();
        await expect.poll(() => page.locator('.auth-card [role=alert]').innerText()).toBe('两步验证码错误或已使用');
        await shot(page, `totp-${viewport.width}-login-wrong`);

        // The code of the next step: the step of the setup's code is spent.
        await code.fill(codeAt(secret, Date.now() + STEP));
        await page.getByRole('button', { name: /验证并登录/ }).click();
        await page.waitForURL((u) => !u.pathname.startsWith('/login'));

        await page.goto(`${server.url}/user/info`);
        const history = page.getByTestId('login-history');
        await expect.poll(() => history.innerText()).toContain('失败：两步验证码错误');
        expect(await history.innerText()).toContain('成功');
        expect(await history.innerText()).toContain('127.0.0.1');
        await settle(page);
        await shot(page, `totp-${viewport.width}-history`);
      });
    });
  }

  /** The owner turns two-step login on for themself (through the API, as a phone would answer), then requires it of every sup. */
  let required = false;
  async function requireForSups() {
    if (required) return;
    const setup = await server.api.call('POST', '/api/user/totp/setup', server.supToken, {});
    expect(
      (await server.api.call('POST', '/api/user/totp/enable', server.supToken, { code: codeAt(setup.data.secret, Date.now()) })).code,
    ).toBe(200);
    expect((await server.api.call('POST', '/api/config/edit', server.supToken, { require_sup_totp: true })).code).toBe(200);
    required = true;
  }

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 375, height: 812 },
  ]) {
    it(`${viewport.width} px: with 强制管理员两步验证 on, a new sup is sent to the setup at login and works once it is done`, async () => {
      await requireForSups();
      const username = `sup_${viewport.width}`;
      const added = await server.api.call('POST', '/api/user/add', server.supToken, { username, password: 'second-pass-1', type: 'sup' });
      expect(added.code, added.message).toBe(200);

      await withBrowser(viewport, async (page) => {
        await loginUi(page, server.url, username, 'second-pass-1');
        expect(new URL(page.url()).pathname).toBe('/user/info');
        await page.getByTestId('totp-required').waitFor();
        expect(await page.getByTestId('totp-required').innerText()).toContain('管理员账号须先开启两步验证');
        await completeSetup(page, `totp-forced-${viewport.width}`);
        await expect.poll(() => page.getByTestId('totp-card').innerText()).toContain('已开启');
        expect(await page.getByTestId('totp-required').count()).toBe(0);
        expect(await page.getByTestId('totp-card').innerText()).toContain('管理员账号不能关闭');

        // Now the console answers: the user list opens with its rows.
        await page.goto(`${server.url}/user/index`);
        await expect.poll(() => page.locator('body').innerText()).toContain(username);
        expect(await page.locator('.ant-message-error').count()).toBe(0);
        await settle(page);
        await shot(page, `totp-forced-${viewport.width}-after`);
      });
    });
  }
});
