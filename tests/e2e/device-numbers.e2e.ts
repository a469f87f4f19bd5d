/**
 * 设备管理 and 设备号码 in the browser: a device's numbers (how many, how many not yet proved),
 * 核对号码 giving each number a check code, the operator's SMS arriving on another phone's SIM2 and
 * the dialog saying so without a reload, then the device's numbers with their slot, who holds them,
 * their last SMS and the days before their SIM lapses. At 1280 px and on a 375 px phone.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { clickRowAction, rowActionLabels, settle, shot, useServer, useToken, withBrowser } from './harness';
import { defaultFormRequest } from '../helpers/smsforwarder-app';
import { localTime } from '../helpers/server';

const server = useServer();

interface Phone {
  id: number;
  url: string;
  secret: string;
}

async function sms(phone: Phone, text: string, simInfo: string) {
  const ts = Date.now();
  const req = defaultFormRequest({ from: '+8613900000000', text, simInfo, receiveTime: localTime(ts) }, phone.secret, ts);
  const res = await fetch(phone.url, { method: 'POST', headers: { 'content-type': req.contentType }, body: req.body });
  expect(res.status).toBe(200);
}

async function addPhone(name: string): Promise<Phone> {
  const r = await server.api.call('POST', '/api/device/add', server.supToken, { name });
  expect(r.code, r.message).toBe(200);
  return { id: r.data.id, url: r.data.webhook_url, secret: r.data.secret };
}

/** Nothing wider than the screen. */
async function fits(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('device numbers in the browser', () => {
  let first: Phone;
  let second: Phone;

  it('1280 px: 核对号码 proves which phone and slot hold each number; 设备号码 shows slot, holder, last SMS and days left', async () => {
    const api = server.api;
    const goods = await api.call('POST', '/api/goods/add', server.supToken, {
      title: '卡池号码',
      channel: 'sms',
      service: 'tg',
      price: 1,
      valid_hours: 24,
    });
    expect(goods.code, goods.message).toBe(200);
    const numbers = ['+8617700000001', '+8617700000002', '+8617700000003'];
    expect((await api.call('POST', '/api/stock/import', server.supToken, { goods_id: goods.data.id, text: numbers.join('\n') })).code).toBe(
      200,
    );
    first = await addPhone('一号机');
    second = await addPhone('二号机');
    const bound = await api.call('POST', '/api/device/bind', server.supToken, { id: first.id, text: numbers.join('\n') });
    expect(bound.code, bound.message).toBe(200);
    await sms(first, '在线测试', 'SIM1_');
    await sms(second, '在线测试', 'SIM1_');

    await withBrowser({ width: 1280, height: 900 }, async (page) => {
      await useToken(page, server.url, server.supToken, 'sup');
      await page.goto(`${server.url}/system/device`);
      const row = page.locator('.ant-table-row').filter({ hasText: '一号机' });
      await expect.poll(() => row.innerText()).toContain('3 个（未确认 3）');
      await expect.poll(() => rowActionLabels(page, row)).toEqual(['号码', '核对号码', '绑定号码', '重置密钥', '查看', '编辑', '删除']);
      await settle(page);
      await shot(page, 'device-numbers-1280-devices');

      await clickRowAction(page, row, '核对号码');
      const dialog = page.locator('.ant-modal').filter({ hasText: '核对号码 - 一号机' });
      await expect.poll(() => dialog.innerText()).toContain('本设备未确认卡槽的号码（3 个）');
      await settle(page);
      await shot(page, 'device-numbers-1280-check-choose');
      await dialog.getByRole('button', { name: '生成核对码' }).click();
      const items = dialog.getByTestId('number-check-item');
      await expect.poll(() => items.count()).toBe(3);
      const text = await dialog.innerText();
      expect(text).toContain('已确认 0 / 3');
      expect(text).toContain('等待短信');
      const codes = [...text.matchAll(/HD\d{6}/g)].map((m) => m[0]);
      expect(codes).toHaveLength(3);
      await settle(page);
      await shot(page, 'device-numbers-1280-check-codes');

      // The operator texts the first number's code: it arrives on 二号机's SIM2, then the second's on 一号机's SIM1.
      const firstItem = items.filter({ hasText: numbers[0] });
      const code1 = (await firstItem.innerText()).match(/HD\d{6}/)![0];
      await sms(second, code1, 'SIM2_');
      await expect.poll(() => firstItem.innerText()).toContain('在其他设备：二号机 卡槽2');
      const secondItem = items.filter({ hasText: numbers[1] });
      await sms(first, (await secondItem.innerText()).match(/HD\d{6}/)![0], 'SIM1_');
      await expect.poll(() => secondItem.innerText()).toContain('已确认：一号机 卡槽1');
      expect(await dialog.innerText()).toContain('已确认 2 / 3');
      await settle(page);
      await shot(page, 'device-numbers-1280-check-done');
      // Meanwhile the sup learns the third number's SIM lapses in 3 days.
      const listed = await api.call('POST', '/api/device_number/data', server.supToken, { identifier: numbers[2] });
      const third = listed.data.list[0];
      // Noon three calendar days on, in the service's time zone: 剩余 counts calendar days.
      const expire = `${localTime(Date.now() + 3 * 86_400_000).slice(0, 10)} 12:00:00`;
      expect((await api.call('POST', '/api/device_number/edit', server.supToken, { id: third.id, expire_at: expire })).code).toBe(200);
      // 完成 reads the devices again.
      await dialog.getByRole('button', { name: '完成' }).click();

      await expect.poll(() => row.innerText()).toContain('2 个（未确认 1，即将到期 1）');
      await clickRowAction(page, row, '号码');
      await page.waitForURL((u) => u.pathname === '/system/device/number' && u.searchParams.get('f_device_id') === String(first.id));
      const table = page.locator('.ant-table-tbody');
      await expect.poll(() => table.innerText()).toContain(numbers[2]);
      await settle(page);
      await shot(page, 'device-numbers-1280-list');
      const body = await table.innerText();
      expect(body).not.toContain(numbers[0]); // it is on 二号机 now
      expect(body).toContain('卡槽1');
      expect(body).toContain('已确认');
      expect(body).toContain('核对中');
      expect(body).toContain('空闲');
      expect(body).toMatch(/3 天/);
      await fits(page, 1280);
    });
  });

  it('375 px: the devices, the check dialog and the numbers fit a phone; 发短信 opens the messages app with the code', async () => {
    await withBrowser({ width: 375, height: 800 }, async (page) => {
      await useToken(page, server.url, server.supToken, 'sup');
      await page.goto(`${server.url}/system/device`);
      await expect.poll(() => page.locator('body').innerText()).toContain('一号机');
      await settle(page);
      await shot(page, 'device-numbers-375-devices');
      await fits(page, 375);

      await page.goto(`${server.url}/system/device/number?f_device_id=${first.id}`);
      const card = page.locator('.fw-card, .ant-card').filter({ hasText: '+8617700000003' }).first();
      await card.waitFor();
      await settle(page);
      await shot(page, 'device-numbers-375-list');
      await fits(page, 375);
      await clickRowAction(page, card, '核对');
      const dialog = page.locator('.ant-modal').filter({ hasText: '核对号码 +8617700000003' });
      const item = dialog.getByTestId('number-check-item');
      await item.waitFor();
      const code = (await item.innerText()).match(/HD\d{6}/)![0];
      const link = item.getByRole('link', { name: '发短信' });
      expect(await link.getAttribute('href')).toBe(`sms:+8617700000003?&body=${code}`);
      const box = (await link.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      await settle(page);
      await shot(page, 'device-numbers-375-check');
      await fits(page, 375);
    });
  });
});
