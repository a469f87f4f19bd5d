/**
 * A number sold in two products (Telegram to one customer, WhatsApp to another): an SMS that names no
 * service reaches neither and waits in 收件箱 as 多个商品匹配; the sup opens 分配, picks the
 * customer's link, confirms, and only that customer's link shows the code. On the device screen the
 * sup binds numbers to a phone with 绑定号码, and the list counts them. A code whose recipient is
 * unknown is assigned by searching the numbers still waiting (the app the sender names first); a code
 * nothing can take offers no 分配. At 1280 px and on a 375 px phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, clickRowAction, rowActionLabels, settle, shot, startServer, useToken, withBrowser, type Server } from './harness';
import { defaultFormRequest } from '../helpers/smsforwarder-app';
import { localTime } from '../helpers/server';

let server: Server;
let sup: string;
let device: { id: number; webhook_url: string; secret: string };
const links: Record<string, { id: number; url: string }> = {};
const NUMBER = '+8619911112222';

const post = async (url: string, token: string, body: unknown) => {
  const r = await server.api.call('POST', url, token, body);
  if (r.code !== 200) throw new Error(`${url}: ${r.code} ${r.message}`);
  return r.data;
};

let stamp = 0;
/** An SMS from the pool's phone; `to` '' is a phone that did not say which SIM got it. */
async function sms(text: string, from = '+10690000', to = NUMBER) {
  const ts = (stamp = Math.max(Date.now(), stamp + 1));
  const req = defaultFormRequest({ from, text, simInfo: `SIM1_${to}`, receiveTime: localTime(ts) }, device.secret, ts);
  return (await fetch(device.webhook_url, { method: 'POST', headers: { 'content-type': req.contentType }, body: req.body })).status;
}

const codeOf = async (url: string) => (await (await fetch(url.replace('/c/', '/api/code/'))).json()).data?.code ?? null;

beforeAll(async () => {
  server = await startServer();
  sup = await server.api.login(ADMIN.username, ADMIN.password);
  const product = { channel: 'sms', price: 1, valid_hours: 24, receive_limit: 0, min_qty: 1, max_qty: 10 };
  const tg = (await post('/api/goods/add', sup, { ...product, title: 'TG 共号', service: 'tg' })).id;
  const wa = (await post('/api/goods/add', sup, { ...product, title: 'WA 共号', service: 'wa' })).id;
  await post('/api/stock/import', sup, { goods_id: tg, text: NUMBER });
  await post('/api/stock/import', sup, { goods_id: wa, text: `${NUMBER}\n+8619911113333` });
  for (const [name, goods] of [
    ['share_alice', tg],
    ['share_bob', wa],
  ] as const) {
    const user = await post('/api/user/add', sup, { username: name, password: 'Buyer-pass-123' });
    await post('/api/user/money', sup, { id: user.id, amount: 10, remark: '测试充值' });
    const token = await server.api.login(name, 'Buyer-pass-123');
    [links[name]] = (await post('/api/order/buy', token, { goods_id: goods, quantity: 1 })).tokens;
  }
  device = await post('/api/device/add', sup, { name: '共号卡池' });
});
afterAll(async () => {
  await server?.stop();
});

// Each test has room for a machine whose two cores are busy with other work.
describe('the inbox and the device screen in the browser', () => {
  it('1280 px: a code for a number two customers hold waits in the inbox; 分配 gives it to one', async () => {
    expect(await sms('您的验证码是 778899')).toBe(200);
    expect(await codeOf(links.share_alice.url)).toBeNull();
    await withBrowser({ width: 1280, height: 900 }, async (page) => {
      await useToken(page, server.url, sup, 'sup');
      await page.goto(`${server.url}/system/message`);
      const row = page.locator('.ant-table-row').filter({ hasText: '778899' });
      await expect.poll(() => row.innerText()).toContain('多个商品匹配');
      await clickRowAction(page, row, '分配');
      const dialog = page.locator('.ant-modal').filter({ hasText: '分配验证码 778899' });
      await expect.poll(() => dialog.innerText()).toContain('share_bob');
      expect(await dialog.innerText()).toContain('WA 共号');
      await settle(page);
      await shot(page, 'message-assign-1280');
      await dialog.getByLabel(`链接 #${links.share_bob.id}`).check();
      await dialog.getByRole('button', { name: /分\s*配/ }).click();
      const confirm = page.locator('.ant-modal-confirm');
      await expect.poll(() => confirm.innerText()).toContain(`将送达 share_bob 的链接 #${links.share_bob.id}`);
      await confirm.getByRole('button', { name: /分\s*配/ }).click();
      await expect.poll(() => page.locator('.ant-message').innerText()).toContain('已送达 share_bob 的链接');
      await expect.poll(() => row.innerText()).not.toContain('多个商品匹配');
    });
    expect(await codeOf(links.share_bob.url)).toBe('778899');
    expect(await codeOf(links.share_alice.url)).toBeNull();
  }, 180_000);

  it('1280 px: 绑定号码 binds stock numbers to the device, and the list counts them', async () => {
    await withBrowser({ width: 1280, height: 900 }, async (page) => {
      await useToken(page, server.url, sup, 'sup');
      await page.goto(`${server.url}/system/device`);
      const row = page.locator('.ant-table-row').filter({ hasText: '共号卡池' });
      await row.waitFor();
      await clickRowAction(page, row, '绑定号码');
      const dialog = page.locator('.ant-modal').filter({ hasText: '绑定号码 - 共号卡池' });
      await dialog.getByLabel('号码').fill(`${NUMBER}\n+8619911113333`);
      await settle(page);
      await shot(page, 'device-bind-1280');
      await dialog.getByRole('button', { name: '绑定 2 个号码' }).click();
      // The number is in two products' stock: three items in all.
      await expect.poll(() => page.locator('.ant-message').innerText()).toContain('已绑定 3 条库存');
      // Two numbers on the phone now, their slots not proved yet (设备号码, docs/devices.md).
      await expect.poll(() => row.innerText()).toContain('2 个（未确认 2）');
    });
  }, 180_000);

  it('375 px: the assign dialog fits a phone', async () => {
    expect(await sms('您的验证码是 445566')).toBe(200);
    await withBrowser({ width: 375, height: 800 }, async (page) => {
      await useToken(page, server.url, sup, 'sup');
      await page.goto(`${server.url}/system/message`);
      const row = page.locator('.ant-table-row, .fw-card').filter({ hasText: '445566' }).first();
      await expect.poll(() => row.innerText()).toContain('多个商品匹配');
      await clickRowAction(page, row, '分配');
      const dialog = page.locator('.ant-modal').filter({ hasText: '分配验证码 445566' });
      await expect.poll(() => dialog.innerText()).toContain('share_alice');
      await settle(page);
      await shot(page, 'message-assign-375');
      const box = await dialog.locator('.ant-modal-content').boundingBox();
      expect(box!.width).toBeLessThanOrEqual(375);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });
  }, 180_000);

  it('1280 px: a code for a number nobody holds offers no 分配', async () => {
    expect(await sms('您的验证码是 121212', '+10690000', '+8613000000000')).toBe(200);
    await withBrowser({ width: 1280, height: 900 }, async (page) => {
      await useToken(page, server.url, sup, 'sup');
      await page.goto(`${server.url}/system/message`);
      const row = page.locator('.ant-table-row').filter({ hasText: '121212' });
      await expect.poll(() => row.innerText()).toContain('没有持有该号码或邮箱的链接');
      expect(await rowActionLabels(page, row)).not.toContain('分配');
    });
  }, 180_000);

  it('375 px: a code whose recipient is unknown: search the numbers still waiting, the sender’s app first, and assign', async () => {
    expect(await sms('WhatsApp code 313131', 'WhatsApp', '')).toBe(200);
    await withBrowser({ width: 375, height: 800 }, async (page) => {
      await useToken(page, server.url, sup, 'sup');
      await page.goto(`${server.url}/system/message`);
      const row = page.locator('.ant-table-row, .fw-card').filter({ hasText: '313131' }).first();
      await expect.poll(() => row.innerText()).toContain('收件号码未知');
      await clickRowAction(page, row, '分配');
      const dialog = page.locator('.ant-modal').filter({ hasText: '分配验证码 313131' });
      // The sender names WhatsApp: only the WhatsApp product's link, marked as this device's number.
      await expect.poll(() => dialog.innerText()).toContain('share_bob');
      expect(await dialog.innerText()).not.toContain('share_alice');
      expect(await dialog.innerText()).toContain('本设备');
      await settle(page);
      await shot(page, 'message-assign-search-375');
      await dialog.getByText('也显示其他应用的号码').click();
      await expect.poll(() => dialog.innerText()).toContain('share_alice');
      await dialog.getByLabel('搜索号码').fill('9999');
      await expect.poll(() => dialog.innerText()).toContain('没有号码含 9999 的');
      await dialog.getByLabel('搜索号码').fill('1111 2222');
      await expect.poll(() => dialog.innerText()).toContain('share_alice');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await dialog.getByText('也显示其他应用的号码').click();
      await expect.poll(() => dialog.innerText()).not.toContain('share_alice');
      await dialog.getByLabel(`链接 #${links.share_bob.id}`).check();
      await dialog.getByRole('button', { name: /分\s*配/ }).click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /分\s*配/ })
        .click();
      await expect.poll(() => page.locator('.ant-message').innerText()).toContain('已送达 share_bob 的链接');
    });
    expect(await codeOf(links.share_bob.url)).toBe('313131');
  }, 180_000);
});
