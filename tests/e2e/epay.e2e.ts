/**
 * 支付宝/微信 top-ups through an 易支付 gateway, in the browser, at 1280 px and on a 375 px phone: the
 * real server (a child process) talks to a stand-in gateway on loopback. Finance keeps the settings
 * (the key only as 已设置（••••xxxx）) and sees a forged notification refused; a customer picks 支付宝
 * and an amount, sees the CNY to pay, pays (the gateway's QR on a desktop, the gateway's own page on a
 * phone), comes back by the return address, and the order turns to 已到账 without a reload while the
 * header's balance rises. With only 微信 and USDT on, 微信 is offered; with nothing on, the contact
 * details. No screen scrolls sideways on a phone; axe finds nothing serious on either screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { FakeEpayGateway } from '../helpers/epay-gateway';
import { FakeTronGrid, tronAddress } from '../helpers/trongrid';
import { axeViolations, type AxeExclusion } from './axe';
import { DIST, settle, shot, useToken, withBrowser } from './harness';
import { startServer, SUP, type TestServer } from '../helpers/server';

const WIDE = { width: 1280, height: 860 };
const PHONE = { width: 375, height: 812 };
const RATE = 7.31;
/** The card asks for the order's state every 3 s while it waits. */
const LIVE = { timeout: 15_000, interval: 250 };
/** Each test opens a browser or two and runs axe: minutes on a busy two-core machine. */
const SLOW = 240_000;

let server: TestServer;
let gw: FakeEpayGateway;
let chain: FakeTronGrid;
let supToken: string;
let finToken: string;

const epaySettings = (change: Record<string, unknown> = {}) => ({
  enabled: true,
  gateway: gw.url,
  pid: gw.pid,
  key: gw.key,
  types: 'alipay,wxpay',
  rate: RATE,
  min_amount: 1,
  max_amount: 500,
  expire_minutes: 30,
  ...change,
});

async function setEpay(change: Record<string, unknown> = {}) {
  const r = await server.post('/api/epay/config/edit', epaySettings(change), supToken);
  expect(r.code, r.message).toBe(200);
}

async function setUsdt(enabled: boolean) {
  const r = await server.post(
    '/api/usdt/config/edit',
    {
      enabled,
      address: tronAddress('e2e epay shop'),
      api_url: chain.url,
      api_key: 'e2e-key-0002',
      min_amount: 5,
      max_amount: 2000,
    },
    supToken,
  );
  expect(r.code, r.message).toBe(200);
}

beforeAll(async () => {
  // In this process, serving the built console; the gateway on loopback is allowed, as in the API tests.
  server = await startServer('sqlite', { settings: { staticDir: DIST, webhookAllowPrivate: true } });
  gw = await FakeEpayGateway.start();
  chain = await FakeTronGrid.start(Date.now);
  supToken = await server.login(SUP.username, SUP.password);
  await setEpay();
  const fin = await server.post(
    '/api/user/add',
    { username: 'fin_epay', password: 'Staff-pass-1', type: 'sup', role: 'finance' },
    supToken,
  );
  expect(fin.code, fin.message).toBe(200);
  finToken = await server.login('fin_epay', 'Staff-pass-1');
});
afterAll(async () => {
  await chain?.close();
  await gw?.close();
  await server?.close();
});

/** What axe finds in antd's markup that the app cannot change (as in a11y.e2e.ts). */
const EXCLUSIONS: AxeExclusion[] = [{ rule: 'aria-allowed-attr', selector: '.ant-select[aria-required]' }];

/** axe's findings that matter: contrast, and whatever it rates serious or critical. */
async function axeProblems(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await settle(page);
  return (await axeViolations(page, EXCLUSIONS))
    .filter((v) => v.id === 'color-contrast' || v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.join('\n    ')}`);
}

/** How far the page is wider than the window (a phone must not scroll sideways). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Buttons and choices on the screen (`scope`) shorter than a finger's 44 px: none may be on a phone. */
const smallTargets = (page: Page, scope: string) =>
  page.evaluate(
    (sel) =>
      [
        ...document.querySelectorAll<HTMLElement>(
          `${sel} .ant-btn, ${sel} .ant-radio-button-wrapper, ${sel} .ant-checkbox-wrapper, ${sel} .ant-card-extra a`,
        ),
      ]
        .filter((el) => el.getClientRects().length > 0 && el.getBoundingClientRect().height < 44)
        .map((el) => `${el.innerText.trim() || el.className}: ${Math.round(el.getBoundingClientRect().height)} px`),
    scope,
  );

const headerBalance = (page: Page) => page.getByTestId('balance').innerText();

/** The recharge form, with the methods on offer drawn. */
async function openRecharge(page: Page) {
  await page.goto(`${server.url}/account/recharge`);
  await page.getByText('支付方式', { exact: true }).first().waitFor();
}

/** Picks a method and an amount (a preset, `$20`), and checks the CNY shown. */
async function pickAlipay20(page: Page) {
  await page.locator('.ant-radio-button-wrapper', { hasText: '支付宝' }).click();
  await page.getByText('$20', { exact: true }).click();
  await expect.poll(() => page.getByTestId('recharge-credit').innerText()).toBe('$20.00');
  // 20 × 7.31 = 146.20
  await expect.poll(() => page.getByTestId('recharge-cny').innerText()).toBe('¥146.20');
}

const orderNoOn = async (page: Page) => /订单号 (EP\d+)/.exec(await page.getByTestId('epay-order').innerText())?.[1] ?? '';

describe('支付宝/微信 top-ups in the browser', () => {
  it(
    'finance: the settings with the key shown only by its tail, saving, and a forged notification listed as refused',
    async () => {
      for (const [viewport, name] of [
        [WIDE, 'epay-settings-1280'],
        [PHONE, 'epay-settings-375'],
      ] as const) {
        await withBrowser(viewport, async (page, { errors }) => {
          await useToken(page, server.url, finToken, 'sup');
          await page.goto(`${server.url}/system/epay`);
          const gateway = page.getByLabel('支付网关地址');
          await expect.poll(() => gateway.inputValue()).toBe(gw.url);
          expect(await page.getByLabel('商户 ID (pid)').inputValue()).toBe(gw.pid);
          expect(await page.getByRole('checkbox', { name: '支付宝（alipay）' }).isChecked()).toBe(true);
          expect(await page.getByRole('checkbox', { name: '微信支付（wxpay）' }).isChecked()).toBe(true);
          expect(await page.getByRole('checkbox', { name: 'QQ 钱包（qqpay）' }).isChecked()).toBe(false);
          if (viewport === PHONE) expect(await smallTargets(page, '.epay-config')).toEqual([]);
          const key = page.getByLabel('商户密钥');
          expect(await key.getAttribute('placeholder')).toBe('已设置（••••6789），留空不修改');
          expect(await key.inputValue()).toBe('');
          expect(await page.content()).not.toContain(gw.key);
          // The notify address the gateway is told, to copy.
          expect(await page.getByText(`${server.url}/api/epay/notify`).isVisible()).toBe(true);
          expect(await overflow(page)).toBeLessThanOrEqual(0);
          await settle(page);
          await shot(page, name);
          expect(await axeProblems(page)).toEqual([]);

          // Saving: a longer expiry, the key left empty (kept).
          const minutes = viewport === WIDE ? '45' : '30';
          await page.getByLabel('订单有效期(分钟)').fill(minutes);
          await page.getByRole('button', { name: /保\s*存/ }).click();
          await expect.poll(() => page.getByText('保存成功').first().isVisible()).toBe(true);
          const saved = await server.get('/api/epay/config', finToken);
          expect(saved.data).toMatchObject({ expire_minutes: Number(minutes), key_set: true, key_hint: '••••6789' });
          expect(errors).toEqual([]);
        });
      }

      // Someone forges a notification (signed with another key): nothing is credited, finance sees it.
      const forged = { pid: gw.pid, trade_no: 'FORGED0001', out_trade_no: 'EP202611290000000001', money: '146.20' };
      const answer = await gw.tell(`${server.url}/api/epay/notify`, {
        ...forged,
        type: 'alipay',
        name: 'x',
        trade_status: 'TRADE_SUCCESS',
        sign: '0'.repeat(32),
        sign_type: 'MD5',
      });
      expect(answer).toBe('fail');
      for (const [viewport, name] of [
        [WIDE, 'epay-refusals-1280'],
        [PHONE, 'epay-refusals-375'],
      ] as const) {
        await withBrowser(viewport, async (page) => {
          await useToken(page, server.url, finToken, 'sup');
          await page.goto(`${server.url}/system/epay`);
          const card = page.locator('.ant-card', { hasText: '被拒绝的支付通知' });
          const refusal = card.locator('.ant-list-item', { hasText: '签名错误' });
          await expect.poll(() => refusal.count()).toBe(1);
          expect(await refusal.innerText()).toContain('订单号 EP202611290000000001');
          expect(await refusal.innerText()).toContain('平台单号 FORGED0001');
          expect(await overflow(page)).toBeLessThanOrEqual(0);
          await settle(page);
          await shot(page, name);
        });
      }
    },
    SLOW,
  );

  it(
    '1280 px: 支付宝, a preset amount, the CNY to pay, the gateway QR; paid, then 已到账 and the new balance without a reload',
    async () => {
      const { token } = await server.addCustomer(supToken, 'epay_desk');
      await withBrowser(WIDE, async (page, { errors }) => {
        await useToken(page, server.url, token, 'user');
        await page.goto(`${server.url}/home`);
        await expect.poll(() => headerBalance(page)).toContain('$0.00');
        await openRecharge(page);
        await pickAlipay20(page);
        await settle(page);
        await shot(page, 'epay-1280-form');
        expect(await axeProblems(page)).toEqual([]);

        await page.getByRole('button', { name: '去支付宝支付' }).click();
        await page.waitForURL(/\/account\/recharge\?epay=\d+/);
        const id = Number(new URL(page.url()).searchParams.get('epay'));
        await page.getByTestId('epay-qr').waitFor();
        expect(await page.getByTestId('epay-order').innerText()).toContain('¥146.20');
        const pay = page.getByRole('link', { name: '去支付宝支付' });
        expect(await pay.getAttribute('href')).toMatch(new RegExp(`^${gw.url}submit\\.php\\?`));
        const orderNo = await orderNoOn(page);
        expect(gw.orders.get(orderNo)?.money).toBe('146.20');
        await settle(page);
        await shot(page, 'epay-1280-qr');
        expect(await axeProblems(page)).toEqual([]);
        // Marks this document: a reload would lose it.
        await page.evaluate(() => {
          (window as Window & { __sameDocument?: boolean }).__sameDocument = true;
        });

        expect(await gw.pay(orderNo)).toBe('success');
        await expect.poll(() => page.getByText('已到账 $20.00').isVisible(), LIVE).toBe(true);
        await expect.poll(() => headerBalance(page)).toContain('$20.00');
        expect(await page.evaluate(() => (window as Window & { __sameDocument?: boolean }).__sameDocument)).toBe(true);
        await settle(page);
        await shot(page, 'epay-1280-paid');

        // The gateway's return address leads to the same order's page.
        await page.goto(`${server.url}/api/epay/return?out_trade_no=${orderNo}&trade_status=TRADE_SUCCESS`);
        await page.waitForURL(`${server.url}/account/recharge?epay=${id}`);
        await expect.poll(() => page.getByText('已到账 $20.00').isVisible()).toBe(true);
        await page.goto(`${server.url}/home`);
        await expect.poll(() => page.getByTestId('profile-balance').innerText()).toBe('$20.00');
        expect(errors).toEqual([]);
      });
    },
    SLOW,
  );

  it(
    '375 px: the browser goes to the gateway; back by the return address, the order turns to 已到账 when the gateway notifies',
    async () => {
      const { token } = await server.addCustomer(supToken, 'epay_phone');
      await withBrowser(PHONE, async (page) => {
        await useToken(page, server.url, token, 'user');
        await openRecharge(page);
        // Any amount: the CNY is rounded up to the fen (12.34 × 7.31 = 90.2054).
        await page.getByPlaceholder('输入金额').fill('12.34');
        await expect.poll(() => page.getByTestId('recharge-cny').innerText()).toBe('¥90.21');
        await pickAlipay20(page);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        expect(await smallTargets(page, '.recharge-page')).toEqual([]);
        await settle(page);
        await shot(page, 'epay-375-form');
        expect(await axeProblems(page)).toEqual([]);

        await page.getByRole('button', { name: '去支付宝支付' }).click();
        await page.waitForURL((u) => u.href.startsWith(`${gw.url}submit.php?`));
        await page.getByText('收银台').waitFor();
        const orderNo = new URL(page.url()).searchParams.get('out_trade_no')!;
        expect(gw.orders.get(orderNo)?.money).toBe('146.20');
        await shot(page, 'epay-375-gateway');

        // Back before the notification: the order waits, and says so.
        await page.goto(`${server.url}/api/epay/return?out_trade_no=${orderNo}`);
        await page.waitForURL(/\/account\/recharge\?epay=\d+$/);
        await page.getByTestId('epay-order').waitFor();
        expect(await page.getByTestId('epay-qr').count()).toBe(0);
        expect(await page.getByRole('link', { name: '去支付宝支付' }).getAttribute('href')).toMatch(
          new RegExp(`^${gw.url}submit\\.php\\?`),
        );
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        expect(await smallTargets(page, '.recharge-page')).toEqual([]);
        await settle(page);
        await shot(page, 'epay-375-waiting');
        expect(await axeProblems(page)).toEqual([]);

        expect(await gw.pay(orderNo, { method: 'POST' })).toBe('success');
        await expect.poll(() => page.getByText('已到账 $20.00').isVisible(), LIVE).toBe(true);
        await expect.poll(() => headerBalance(page)).toContain('$20.00');
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        expect(await smallTargets(page, '.recharge-page')).toEqual([]);
        await settle(page);
        await shot(page, 'epay-375-paid');
      });
      expect((await server.get('/api/user/base', token)).data.balance).toBe(20);
    },
    SLOW,
  );

  it(
    'only 微信 and USDT on: 微信支付 and USDT are offered; nothing on: the contact details',
    async () => {
      await setEpay({ types: 'wxpay' });
      await setUsdt(true);
      const { token } = await server.addCustomer(supToken, 'epay_wx');
      for (const [viewport, name] of [
        [WIDE, 'epay-wx-1280'],
        [PHONE, 'epay-wx-375'],
      ] as const) {
        await withBrowser(viewport, async (page) => {
          await useToken(page, server.url, token, 'user');
          await openRecharge(page);
          const methods = page.locator('.ant-radio-group[aria-label="支付方式"] .ant-radio-button-wrapper');
          await expect.poll(() => methods.allInnerTexts()).toEqual(['微信支付', 'USDT']);
          await page.getByText('$50', { exact: true }).click();
          await expect.poll(() => page.getByTestId('recharge-cny').innerText()).toBe('¥365.50');
          expect(await page.getByRole('button', { name: '去微信支付' }).isVisible()).toBe(true);
          expect(await overflow(page)).toBeLessThanOrEqual(0);
          await settle(page);
          await shot(page, `${name}-form`);
          if (viewport === WIDE) {
            await page.getByRole('button', { name: '去微信支付' }).click();
            await page.getByTestId('epay-qr').waitFor();
            expect(await page.getByTestId('epay-order').innerText()).toContain('用微信扫码支付');
            await settle(page);
            await shot(page, `${name}-qr`);
          }
        });
      }

      await setEpay({ enabled: false });
      await setUsdt(false);
      const contact = await server.post('/api/config/edit', { content: '<p>客服微信：shop_service</p>' }, supToken);
      expect(contact.code, contact.message).toBe(200);
      for (const [viewport, name] of [
        [WIDE, 'epay-off-1280'],
        [PHONE, 'epay-off-375'],
      ] as const) {
        await withBrowser(viewport, async (page) => {
          await useToken(page, server.url, token, 'user');
          await page.goto(`${server.url}/account/recharge`);
          await expect.poll(() => page.getByText('在线充值暂未开放').isVisible()).toBe(true);
          await expect.poll(() => page.getByTestId('recharge-contact').innerText()).toBe('客服微信：shop_service');
          expect(await page.getByText('支付方式', { exact: true }).count()).toBe(0);
          expect(await overflow(page)).toBeLessThanOrEqual(0);
          await settle(page);
          await shot(page, name);
        });
      }
    },
    SLOW,
  );
});
