/**
 * Devices and the inbox in the browser: the sup makes a device on 新建, sees its webhook URL and
 * secret once (the secret works: a phone's SMS signed with it is taken), the list shows it with its
 * last report, 重置密钥 asks first and shows the new one once; the message appears in 收件箱.
 * At 1280 px and on a 375 px phone.
 */
import { describe, expect, it } from 'vitest';
import { clickRowAction, openRowMenu, rowActionLabels, settle, shot, useServer, useToken, withBrowser } from './harness';
import { defaultFormRequest } from '../helpers/smsforwarder-app';
import { localTime } from '../helpers/server';

const server = useServer();

async function sms(webhookUrl: string, secret: string, text: string) {
  const ts = Date.now();
  const req = defaultFormRequest({ from: '+8610690000', text, simInfo: 'SIM1_+8613800138000', receiveTime: localTime(ts) }, secret, ts);
  return (await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': req.contentType }, body: req.body })).status;
}

describe('devices in the browser', () => {
  it('1280 px: make a device, copy its secret once, the phone reports, reset the secret, read the inbox', async () => {
    await withBrowser({ width: 1280, height: 900 }, async (page) => {
      await useToken(page, server.url, server.supToken, 'sup');
      await page.goto(`${server.url}/system/device`);
      await page.getByRole('button', { name: /新\s*建/ }).click();
      await page.waitForURL((u) => u.pathname === '/system/device/create');
      await page.getByLabel('设备名称').fill('一号机');
      await page.getByLabel('卡槽2号码').fill('+8613800138002');
      await page.getByRole('button', { name: /保\s*存/ }).click();
      const secretBox = page.getByTestId('device-secret');
      await secretBox.waitFor();
      const secret = (await secretBox.innerText()).trim();
      const webhook = (await page.getByTestId('device-webhook-url').innerText()).trim();
      expect(secret).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(webhook).toMatch(new RegExp(`^${server.url}/api/ingest/sms/[A-Za-z0-9_-]{22}$`));
      // The test server is on 127.0.0.1 with no PUBLIC_URL: a phone could never reach it, and the dialog says so.
      expect(await page.getByTestId('device-url-unreachable').innerText()).toContain('PUBLIC_URL');
      expect(await page.locator('.device-setup').innerText()).toContain('转发规则');
      await settle(page);
      await shot(page, 'device-1280-created');
      expect(await sms(webhook, secret, '【Telegram】验证码 482913，请勿泄露')).toBe(200);
      await page.getByRole('button', { name: '我已保存' }).click();
      await page.waitForURL((u) => u.pathname === '/system/device');
      const row = page.locator('.ant-table-row').filter({ hasText: '一号机' });
      // Its last report (the slot numbers are under 列设置).
      await expect.poll(() => row.innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
      expect(await page.locator('body').innerText()).not.toContain(secret);
      await settle(page);
      await shot(page, 'device-1280-list');
      // The declared action first, 删除 last (behind 更多 here).
      await expect.poll(() => rowActionLabels(page, row)).toEqual(['号码', '核对号码', '绑定号码', '重置密钥', '查看', '编辑', '删除']);
      await row.getByRole('button', { name: /更多/ }).click();
      await openRowMenu(page).waitFor();
      await shot(page, 'device-1280-more');
      await row.getByRole('button', { name: /更多/ }).click();

      await clickRowAction(page, row, '重置密钥');
      const confirm = page.locator('.ant-modal-confirm');
      await expect.poll(() => confirm.innerText()).toContain('旧密钥立即失效');
      await confirm.getByRole('button', { name: /重\s*置/ }).click();
      await secretBox.waitFor();
      const renewed = (await secretBox.innerText()).trim();
      expect(renewed).not.toBe(secret);
      expect(await sms(webhook, secret, '验证码 111111')).toBe(401);
      expect(await sms(webhook, renewed, '验证码 222333，请勿泄露')).toBe(200);
      await page.getByRole('button', { name: '我已保存' }).click();

      await page.goto(`${server.url}/system/message`);
      const inbox = page.locator('.ant-table-tbody');
      await expect.poll(() => inbox.innerText()).toContain('222333');
      expect(await inbox.innerText()).toContain('没有持有该号码或邮箱的链接');
      await settle(page);
      await shot(page, 'messages-1280-inbox');
    });
  });

  it('375 px: the device list and the new-device page fit a phone', async () => {
    await withBrowser({ width: 375, height: 800 }, async (page) => {
      await useToken(page, server.url, server.supToken, 'sup');
      await page.goto(`${server.url}/system/device`);
      await expect.poll(() => page.locator('body').innerText()).toContain('一号机');
      await settle(page);
      await shot(page, 'device-375-list');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(375);
      await page.goto(`${server.url}/system/device/create`);
      await page.getByLabel('设备名称').waitFor();
      await shot(page, 'device-375-create');
    });
  });
});
