/**
 * Setting up a phone: after 新建 the dialog shows the webhook URL and the secret as text and as QR
 * codes, and 等待测试短信 until the phone's first message; an SMS posted to the device's webhook as
 * SmsForwarder posts it turns that to a green ✓ without a reload. At 1280 px and on a 375 px phone.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { settle, shot, useServer, useToken, withBrowser } from './harness';
import { defaultFormRequest } from '../helpers/smsforwarder-app';
import { localTime } from '../helpers/server';

const server = useServer();

async function sms(webhookUrl: string, secret: string, text: string) {
  const ts = Date.now();
  const req = defaultFormRequest({ from: '+8610690000', text, simInfo: 'SIM1_+8613800138000', receiveTime: localTime(ts) }, secret, ts);
  return (await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': req.contentType }, body: req.body })).status;
}

/** Makes a device on 新建 and checks the setup dialog: text, two drawn QR codes, waiting, then ✓ after an SMS. */
async function setUp(page: Page, name: string, width: number) {
  await useToken(page, server.url, server.supToken, 'sup');
  await page.goto(`${server.url}/system/device/create`);
  await page.getByLabel('设备名称').fill(name);
  await page.getByRole('button', { name: /保\s*存/ }).click();
  const secretBox = page.getByTestId('device-secret');
  await secretBox.waitFor();
  const secret = (await secretBox.innerText()).trim();
  const webhook = (await page.getByTestId('device-webhook-url').innerText()).trim();
  expect(secret).toMatch(/^[A-Za-z0-9]{32}$/);
  expect(webhook).toContain('/api/ingest/sms/');

  // Two QR codes, drawn (a canvas with dark modules on it), each under its caption.
  const qr = page.getByTestId('device-qr');
  expect(await qr.innerText()).toContain('扫码得到 Webhook 地址');
  expect(await qr.innerText()).toContain('扫码得到密钥');
  const canvases = qr.locator('canvas');
  expect(await canvases.count()).toBe(2);
  for (const canvas of await canvases.all()) {
    const dark = await canvas.evaluate((el: HTMLCanvasElement) => {
      const { data } = el.getContext('2d')!.getImageData(0, 0, el.width, el.height);
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] < 128 && data[i + 3] > 0) n++;
      return n;
    });
    expect(dark).toBeGreaterThan(100);
  }

  const waiting = page.getByTestId('device-first-report');
  expect(await waiting.innerText()).toContain('等待测试短信');
  await settle(page);
  await shot(page, `device-setup-${width}-waiting`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  expect(await sms(webhook, secret, '【Telegram】验证码 482913，请勿泄露')).toBe(200);
  await expect.poll(() => waiting.innerText()).toContain('已收到测试短信');
  expect(await waiting.innerText()).toContain('设备已接通');
  expect(await waiting.locator('.anticon-check-circle').count()).toBe(1); // the ✓
  expect(await waiting.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(19, 82, 0)');
  await waiting.scrollIntoViewIfNeeded();
  await settle(page);
  await shot(page, `device-setup-${width}-heard`);
}

describe('device setup in the browser', () => {
  it('1280 px: the QR codes, the URL and secret, and 等待测试短信 turning to ✓', async () => {
    await withBrowser({ width: 1280, height: 900 }, (page) => setUp(page, '扫码一号机', 1280));
  }, 180_000);

  it('375 px: the same on a phone, nothing wider than the screen', async () => {
    await withBrowser({ width: 375, height: 812 }, (page) => setUp(page, '扫码二号机', 375));
  }, 180_000);
});
