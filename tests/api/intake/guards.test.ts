/**
 * What keeps phones to their own messages and numbers, and codes to their own customer:
 * - a signed (device, timestamp) pair carries one message: the same pair with other text or another
 *   number is refused, an identical retry is not;
 * - a device delivers only to numbers it holds (its slots, stock bound to it, or stock bound to none);
 * - a phone whose clock shows another zone still gets its codes delivered, and its offset is shown;
 * - one number in two products gives a code to one customer at most: the sender's service chooses,
 *   else the message waits in the inbox for the sup to assign.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, expectBooksBalance } from '../../helpers/commerce.js';
import { addDevice, postRaw, sendSms, smsRequest, type Device } from '../../helpers/intake.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const T0 = Date.UTC(2025, 8, 1, 4, 0, 0);
const HOUR = 3_600_000;

describe.each(dbKinds)('intake guards on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };

  beforeAll(async () => {
    s = await startServer(kind, { frozenAt: T0 });
    sup = await s.login(SUP.username, SUP.password);
    alice = await s.addCustomer(sup, 'guard_alice');
    bob = await s.addCustomer(sup, 'guard_bob');
    await credit(s, sup, alice.id, 100);
    await credit(s, sup, bob.id, 100);
  });
  afterAll(() => s?.close());

  const read = async (token: string) => (await s.get(`/api/code/${token}`)).data;
  const importInto = (goods: number, numbers: string[], more: Record<string, unknown> = {}) =>
    s.post('/api/stock/import', { goods_id: goods, text: numbers.join('\n'), ...more }, sup);
  const lastMessage = () => s.database.db.selectFrom('messages').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

  describe('a captured signature', () => {
    let device: Device;
    let aliceLink: { token: string; identifier: string };
    let bobLink: { token: string; identifier: string };

    beforeAll(async () => {
      const goods = await addGoods(s, sup, { title: '重放测试', service: 'tg' });
      expect((await importInto(goods, ['+8617000000001', '+8617000000002'])).code).toBe(200);
      device = await addDevice(s, sup, { name: '被截获的手机' });
      aliceLink = (await buyOk(s, alice.token, goods)).tokens[0];
      bobLink = (await buyOk(s, bob.token, goods)).tokens[0];
    });

    it("carries one message: the same pair with other text to another customer's number is refused, and that link shows nothing", async () => {
      const stamp = T0 + 1234;
      const r = await sendSms(s, device, '【Telegram】验证码 246810', { simInfo: `SIM1_${aliceLink.identifier}`, timestamp: stamp });
      expect(r.status).toBe(200);
      expect(await read(aliceLink.token)).toMatchObject({ code: '246810' });

      const forged = await sendSms(s, device, 'Telegram code 13579', { simInfo: `SIM1_${bobLink.identifier}`, timestamp: stamp });
      expect(forged.status).toBe(401);
      expect(forged.json.message).toContain('签名已用于另一条短信');
      expect((await read(bobLink.token)).code).toBeFalsy();
      const stored = await s.database.db.selectFrom('messages').select('id').where('text', '=', 'Telegram code 13579').execute();
      expect(stored).toEqual([]);
    });

    it('an identical retry of the same request is still accepted (and stored once)', async () => {
      const req = smsRequest(s, device, '【Telegram】验证码 112233', { simInfo: `SIM1_${bobLink.identifier}`, timestamp: T0 + 2345 });
      expect((await postRaw(s, device.path, req.contentType, req.body)).status).toBe(200);
      expect((await postRaw(s, device.path, req.contentType, req.body)).status).toBe(200);
      const copies = await s.database.db.selectFrom('messages').select('id').where('text', '=', '【Telegram】验证码 112233').execute();
      expect(copies).toHaveLength(1);
      expect(await read(bobLink.token)).toMatchObject({ code: '112233' });
    });

    it("the same timestamp from another device is that device's own pair", async () => {
      const other = await addDevice(s, sup, { name: '另一台手机' });
      const r = await sendSms(s, other, '验证码 998877', { simInfo: 'SIM1_+8617000000009', timestamp: T0 + 1234 });
      expect(r.status).toBe(200);
    });

    it('pairs are forgotten once their timestamp is past the allowed skew', async () => {
      const before = await s.database.db.selectFrom('webhook_stamps').select('stamp').execute();
      expect(before.length).toBeGreaterThan(0);
      s.clock.advance(s.settings.webhookMaxSkewMs + 2 * 60_000);
      await s.app.jobs.runNow('webhook-stamp-sweep');
      const after = await s.database.db
        .selectFrom('webhook_stamps')
        .select('stamp')
        .where('stamp', '<', T0 + 10_000)
        .execute();
      expect(after).toEqual([]);
    });
  });

  describe('a device delivers only to numbers it holds', () => {
    let goods: number;
    let farm: Device;
    let stranger: Device;

    beforeAll(async () => {
      goods = await addGoods(s, sup, { title: '绑定测试', service: 'tg', receive_limit: 0 });
      farm = await addDevice(s, sup, { name: '卡池A', sim1: '+8617100000009' });
      stranger = await addDevice(s, sup, { name: '卡池B' });
    });

    it("stock bound to a device at import: another device's SMS to it reaches no link and says why", async () => {
      const r = await importInto(goods, ['+8617100000001'], { device_id: farm.id });
      expect(r.code, r.message).toBe(200);
      const item = await s.database.db
        .selectFrom('stock_items')
        .select('device_id')
        .where('ident_key', '=', '8617100000001')
        .executeTakeFirstOrThrow();
      expect(Number(item.device_id)).toBe(farm.id);
      const link = (await buyOk(s, alice.token, goods)).tokens[0];

      expect((await sendSms(s, stranger, '【Telegram】验证码 551100', { simInfo: 'SIM1_+8617100000001' })).status).toBe(200);
      expect((await read(link.token)).code).toBeFalsy();
      const refused = await lastMessage();
      expect(Number(refused.matched)).toBe(0);
      expect(refused.reason).toContain('号码已绑定到其他设备');

      expect((await sendSms(s, farm, '【Telegram】验证码 551101', { simInfo: 'SIM1_+8617100000001' })).status).toBe(200);
      expect(await read(link.token)).toMatchObject({ code: '551101' });
    });

    it("a number in a device's SIM slot is that device's", async () => {
      expect((await importInto(goods, ['+8617100000009'])).code).toBe(200);
      const link = (await buyOk(s, bob.token, goods)).tokens[0];
      expect(link.identifier).toBe('+8617100000009');
      await sendSms(s, stranger, '【Telegram】验证码 661100', { simInfo: 'SIM1_+8617100000009' });
      expect((await read(link.token)).code).toBeFalsy();
      await sendSms(s, farm, '【Telegram】验证码 661101', { simInfo: 'SIM1_' });
      expect(await read(link.token)).toMatchObject({ code: '661101' });
    });

    it('the sup binds and unbinds numbers on the device screen; the list counts them', async () => {
      expect((await importInto(goods, ['+8617100000002', '+8617100000003'])).code).toBe(200);
      const bound = await s.post(
        '/api/device/bind',
        { id: stranger.id, text: '+8617100000002\n8617100000003----备注\n+8617199999999' },
        sup,
      );
      expect(bound.code, bound.message).toBe(200);
      expect(bound.data).toEqual({ changed: 2, missing: 1 });
      expect(bound.message).toBe('已绑定 2 条库存，1 个号码不在库存中');
      const list = await s.post('/api/device/data', {}, sup);
      const row = list.data.list.find((d: { id: number }) => d.id === stranger.id);
      expect(row.bound_count).toBe(2);

      const freed = await s.post('/api/device/bind', { id: stranger.id, text: '+8617100000003', unbind: true }, sup);
      expect(freed.data).toEqual({ changed: 1, missing: 0 });
      const stock = await s.post('/api/stock/data', { device_id: stranger.id }, sup);
      expect(stock.data.list.map((i: { identifier: string }) => i.identifier)).toEqual(['+8617100000002']);
      expect(stock.data.list[0].device_id_label ?? stock.data.list[0].device_id).toBeTruthy();
    });

    it("binding is the sup's: a customer is refused, and bad input is a clear 400", async () => {
      expect((await s.post('/api/device/bind', { id: farm.id, text: '+8617100000002' }, alice.token)).code).toBe(403);
      const empty = await s.post('/api/device/bind', { id: farm.id, text: '  ' }, sup);
      expect(empty.code).toBe(400);
      expect(empty.message).toBe('请填写要绑定的号码');
      expect((await s.post('/api/device/bind', { id: 999_999, text: '+8617100000002' }, sup)).code).toBe(404);
      expect((await importInto(goods, ['+8617100000004'], { device_id: 999_999 })).code).toBe(400);
    });
  });

  describe('a phone whose clock shows another zone', () => {
    let goods: number;
    let moscow: Device;

    beforeAll(async () => {
      goods = await addGoods(s, sup, { title: '时区测试', service: 'tg', receive_limit: 0 });
      moscow = await addDevice(s, sup, { name: '莫斯科卡池' });
    });

    it('has its codes delivered though its local time is 5 hours behind the business zone', async () => {
      expect((await importInto(goods, ['+79000000001'])).code).toBe(200);
      const link = (await buyOk(s, alice.token, goods)).tokens[0];
      s.clock.advance(3000);
      // Its receive time reads as Moscow's wall clock: 5 hours earlier than Beijing's.
      const r = await sendSms(s, moscow, 'Telegram code 73510', { simInfo: 'SIM1_+79000000001', receiveTime: s.clock.now() - 5 * HOUR });
      expect(r.status).toBe(200);
      expect(await read(link.token)).toMatchObject({ code: '73510' });
    });

    it('its offset is learned and shown on the device screen, and later messages keep their true receive time', async () => {
      const detail = await s.get(`/api/device/detail?id=${moscow.id}`, sup);
      expect(detail.data.clock_offset).toBe('慢 5 小时');
      expect(detail.data.clock_skew).toBe('准确');

      // A new link, then an SMS the phone got 20 s after it and sent 40 s later: dated by its own clock.
      expect((await importInto(goods, ['+79000000002'])).code).toBe(200);
      const link = (await buyOk(s, bob.token, goods, 1)).tokens[0];
      s.clock.advance(60_000);
      const received = s.clock.now() - 40_000;
      await sendSms(s, moscow, 'Telegram code 73511', { simInfo: `SIM1_${link.identifier}`, receiveTime: received - 5 * HOUR });
      const stored = await lastMessage();
      expect(Number(stored.received_at)).toBe(Math.floor(received / 1000) * 1000 + 999);
    });
  });

  describe('one number in two products', () => {
    let tg: number;
    let wa: number;
    let aliceTg: { token: string; id: number };
    let bobWa: { token: string; id: number };
    let device: Device;
    const number = '+8619911112222';

    beforeAll(async () => {
      tg = await addGoods(s, sup, { title: 'TG 共号', service: 'tg', receive_limit: 0 });
      wa = await addGoods(s, sup, { title: 'WA 共号', service: 'wa', receive_limit: 0 });
      device = await addDevice(s, sup, { name: '共号卡池' });
    });

    it('the second import warns that the number is live in another product no rule tells apart', async () => {
      const first = await importInto(tg, [number]);
      expect(first.data.shared.count).toBe(0);
      const second = await importInto(wa, [number]);
      expect(second.code).toBe(200);
      expect(second.data.shared).toMatchObject({ count: 1, numbers: [number], products: ['TG 共号'] });
      expect(second.message).toContain('1 个号码同时在商品「TG 共号」中在售或使用');
      aliceTg = (await buyOk(s, alice.token, tg)).tokens[0];
      bobWa = (await buyOk(s, bob.token, wa)).tokens[0];
    });

    it("a code whose sender names the service goes to that product's customer alone", async () => {
      s.clock.advance(1000);
      await sendSms(s, device, 'Telegram code 40001', { from: 'Telegram', simInfo: `SIM1_${number}` });
      expect(await read(aliceTg.token)).toMatchObject({ code: '40001' });
      expect((await read(bobWa.token)).code).toBeFalsy();
      s.clock.advance(1000);
      await sendSms(s, device, 'Your WhatsApp code is 400-002', { from: 'WhatsApp', simInfo: `SIM1_${number}` });
      expect(await read(bobWa.token)).toMatchObject({ code: '400002' });
      expect(await read(aliceTg.token)).toMatchObject({ code: '40001' });
    });

    it('a code that names no service reaches neither customer: it waits in the inbox as 多个商品匹配', async () => {
      s.clock.advance(1000);
      await sendSms(s, device, '您的验证码是 778899', { from: '+10690000', simInfo: `SIM1_${number}` });
      expect((await read(aliceTg.token)).code).toBe('40001');
      expect((await read(bobWa.token)).code).toBe('400002');
      const waiting = await lastMessage();
      expect(Number(waiting.matched)).toBe(0);
      expect(waiting.reason).toMatch(/^多个商品匹配/);

      const links = await s.post('/api/message/links', { id: Number(waiting.id) }, sup);
      expect(links.code, links.message).toBe(200);
      expect(links.data.map((l: { id: number }) => l.id).sort()).toEqual([aliceTg.id, bobWa.id].sort());
      expect(links.data.find((l: { id: number }) => l.id === bobWa.id)).toMatchObject({ username: 'guard_bob', title: 'WA 共号' });

      expect((await s.post('/api/message/assign', { id: Number(waiting.id), token_id: bobWa.id }, alice.token)).code).toBe(403);
      const assigned = await s.post('/api/message/assign', { id: Number(waiting.id), token_id: bobWa.id }, sup);
      expect(assigned.code, assigned.message).toBe(200);
      expect(assigned.message).toBe(`验证码 778899 已送达链接 #${bobWa.id}`);
      expect(await read(bobWa.token)).toMatchObject({ code: '778899' });
      expect((await read(aliceTg.token)).code).toBe('40001');
      const record = await s.database.db
        .selectFrom('code_records')
        .select(['token_id', 'user_id'])
        .where('message_id', '=', Number(waiting.id))
        .execute();
      expect(record.map((r) => [Number(r.token_id), Number(r.user_id)])).toEqual([[bobWa.id, bob.id]]);

      const again = await s.post('/api/message/assign', { id: Number(waiting.id), token_id: aliceTg.id }, sup);
      expect(again.code).toBe(409);
      expect(again.message).toBe('该消息已送达链接');
    });

    it('a message cannot be assigned to a link of another number', async () => {
      s.clock.advance(1000);
      await sendSms(s, device, '您的验证码是 112200', { from: '+10690000', simInfo: `SIM1_${number}` });
      const waiting = await lastMessage();
      const other = (
        await buyOk(
          s,
          alice.token,
          await addGoods(s, sup, { title: '别的号' }).then(async (g) => {
            await importInto(g, ['+8619900000000']);
            return g;
          }),
        )
      ).tokens[0];
      const r = await s.post('/api/message/assign', { id: Number(waiting.id), token_id: other.id }, sup);
      expect(r.code).toBe(400);
      expect(r.message).toBe('该链接的号码与消息的收件号码不同');
      await expectBooksBalance(s, sup);
    });
  });
});
