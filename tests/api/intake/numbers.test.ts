/**
 * Devices that tell the truth about their numbers (server/intake/numbers):
 * - every phone number in stock has one record (whichever products hold it) with its device;
 * - a check code texted to a number proves which device and slot hold it: the number and its stock
 *   move there, the slot's previous number loses the slot, the device's 卡槽 field follows, and no
 *   customer's link takes the check SMS;
 * - a number's last SMS and its SIM's expiry (moved by 保号天数), days left, who holds it;
 * - who holds a number (a customer's link, a rental, an aggregator);
 * - whether a stock number can be handed out now: its device enabled and not silent, its SIM not lapsed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, ctxOf, importLines } from '../../helpers/commerce.js';
import { addDevice, postRaw, sendSms, smsRequest, type Device } from '../../helpers/intake.js';
import { appSign } from '../../helpers/smsforwarder-app.js';
import { dbKinds, localTime, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { numberHeard } from '../../../server/intake/numbers/heard.js';
import { deviceSeen, isSellableNow, sellableCondition } from '../../../server/intake/index.js';
import { agentActivation } from '../../helpers/fake-aggregator.js';

/** A row of 设备号码 as the list answers it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read the answer's fields by name
type Row = Record<string, any>;
interface Check {
  id: number;
  identifier: string;
  check_code: string;
  state: string;
}

const T0 = Date.UTC(2025, 8, 1, 4, 0, 0);
const DAY = 86_400_000;

describe.each(dbKinds)('device numbers on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let goods: number;
  let other: number;
  let phoneA: Device;
  let phoneB: Device;

  beforeAll(async () => {
    s = await startServer(kind, { frozenAt: T0 });
    sup = await s.login(SUP.username, SUP.password);
    goods = await addGoods(s, sup, { title: '核对商品', service: 'tg', receive_limit: 0 });
    other = await addGoods(s, sup, { title: '核对商品二', service: 'wa', receive_limit: 0 });
    // Four numbers, the first also in a second product.
    await importLines(s, sup, goods, ['+8617500000001', '+8617500000002', '+8617500000003', '+8617500000004']);
    await importLines(s, sup, other, ['+8617500000001']);
    phoneA = await addDevice(s, sup, { name: '甲机' });
    phoneB = await addDevice(s, sup, { name: '乙机', sim2: '+8617500000004' });
  });
  afterAll(() => s?.close());

  const sync = () => s.app.jobs.runNow('device-numbers-sync');
  const list = async (filters: Record<string, unknown> = {}) => {
    const r = await s.post('/api/device_number/data?pageSize=100', filters, sup);
    expect(r.code, r.message).toBe(200);
    return r.data.list as Row[];
  };
  const byNumber = async (identifier: string) => (await list({ identifier })).find((r) => r.identifier === identifier)!;
  const stockDevices = async (key: string) =>
    (await s.database.db.selectFrom('stock_items').select('device_id').where('ident_key', '=', key).execute()).map((r) =>
      r.device_id === null ? null : Number(r.device_id),
    );
  const deviceRow = async (id: number) => (await s.get(`/api/device/detail?id=${id}`, sup)).data;
  const lastMessage = () => s.database.db.selectFrom('messages').selectAll().orderBy('id', 'desc').limit(1).executeTakeFirstOrThrow();

  it('one record per stock number, with its device; a number typed into a slot is that slot', async () => {
    await sync();
    const rows = await list();
    expect(rows.map((r) => r.identifier).sort()).toEqual(['+8617500000001', '+8617500000002', '+8617500000003', '+8617500000004']);
    const typed = await byNumber('+8617500000004');
    expect(typed).toMatchObject({ device_id: phoneB.id, slot: '卡槽2', state: 'unconfirmed', holder: '空闲', days_left: '' });
    expect(await stockDevices('8617500000004')).toEqual([phoneB.id]);
    expect((await byNumber('+8617500000001')).device_id).toBeNull();
  });

  it('binding numbers to a device moves their records and every product of theirs; the device lists them', async () => {
    const r = await s.post('/api/device/bind', { id: phoneA.id, text: '+8617500000001\n+8617500000002\n+8617500000003' }, sup);
    expect(r.code, r.message).toBe(200);
    expect(r.data.changed).toBe(4); // the first number is in two products
    expect(await stockDevices('8617500000001')).toEqual([phoneA.id, phoneA.id]);
    const a = await deviceRow(phoneA.id);
    expect(a).toMatchObject({ numbers: '3 个（未确认 3）', number_total: 3, number_unconfirmed: 3 });
    expect((await list({ device_id: phoneA.id })).map((n) => n.identifier).sort()).toEqual([
      '+8617500000001',
      '+8617500000002',
      '+8617500000003',
    ]);
  });

  describe('a check SMS', () => {
    let codes: Map<string, string>;
    let customer: { id: number; token: string };
    let link: { token: string; identifier: string };

    beforeAll(async () => {
      customer = await s.addCustomer(sup, 'check_buyer');
      await credit(s, sup, customer.id, 20);
      link = (await buyOk(s, customer.token, other)).tokens[0]; // the shared number, through the second product
      expect(link.identifier).toBe('+8617500000001');
    });

    it("gives each of a device's numbers a code; asking again keeps the codes", async () => {
      const r = await s.post('/api/device_number/check', { device_id: phoneA.id, unconfirmed: true }, sup);
      expect(r.code, r.message).toBe(200);
      expect(r.message).toBe('已为 3 个号码生成核对码');
      expect(r.data.valid_until).toBe(localTime(T0 + DAY).slice(0, 19));
      codes = new Map(r.data.list.map((c: Check) => [c.identifier, c.check_code]));
      for (const code of codes.values()) expect(code).toMatch(/^HD\d{6}$/);
      expect(new Set(codes.values()).size).toBe(3);
      expect(r.data.list.every((c: Check) => c.state === 'checking')).toBe(true);
      const again = await s.post('/api/device_number/check', { ids: r.data.list.map((c: Check) => c.id) }, sup);
      expect(new Map(again.data.list.map((c: Check) => [c.identifier, c.check_code]))).toEqual(codes);
      const row = await byNumber('+8617500000002');
      expect(row).toMatchObject({ state: 'checking', check_code: codes.get('+8617500000002') });
    });

    it('arriving on another device slot 2: the number is there, with its stock, and the slot number before it loses the slot', async () => {
      const code = codes.get('+8617500000001')!;
      const r = await sendSms(s, phoneB, `核对 ${code}`, { simInfo: 'SIM2_', from: '+8613900000000' });
      expect(r.status).toBe(200);
      const row = await byNumber('+8617500000001');
      expect(row).toMatchObject({ device_id: phoneB.id, slot: '卡槽2', state: 'confirmed' });
      expect(row.confirmed_at).toBe(localTime(T0).slice(0, 19));
      expect(await stockDevices('8617500000001')).toEqual([phoneB.id, phoneB.id]);
      // The number typed into 乙机's slot 2 was not there: it no longer holds the slot.
      expect(await byNumber('+8617500000004')).toMatchObject({ device_id: phoneB.id, slot: '', state: 'unconfirmed' });
      expect((await deviceRow(phoneB.id)).sim2).toBe('+8617500000001');
      // The operator's SMS is in the inbox, told as a check, and the customer's link did not take it.
      const m = await lastMessage();
      expect(m).toMatchObject({ recipient: '+8617500000001', matched: 0, device_id: phoneB.id });
      expect(m.reason).toBe('号码核对短信：已记录 +8617500000001 在本设备的卡槽2');
      expect((await s.get(`/api/code/${link.token}`)).data.code).toBeFalsy();
      const checks = await s.post('/api/device_number/checks', { ids: [row.id] }, sup);
      expect(checks.data.list[0]).toMatchObject({ state: 'confirmed', device_name: '乙机', slot: '2', slot_text: '卡槽2' });
    });

    it('a retried check SMS is stored once; the same code again proves the place again', async () => {
      const code = codes.get('+8617500000002')!;
      // (The SIM remark names the number: the retry reads the same number, though the check fills 卡槽1号码 meanwhile.)
      const req = smsRequest(s, phoneA, code, { simInfo: 'SIM1_+8617500000002' });
      expect((await postRaw(s, phoneA.path, req.contentType, req.body)).status).toBe(200);
      expect((await postRaw(s, phoneA.path, req.contentType, req.body)).status).toBe(200);
      const copies = await s.database.db.selectFrom('messages').select('reason').where('text', '=', code).execute();
      expect(copies).toEqual([{ reason: '号码核对短信：已记录 +8617500000002 在本设备的卡槽1' }]);
      expect(await byNumber('+8617500000002')).toMatchObject({ device_id: phoneA.id, slot: '卡槽1', state: 'confirmed' });
      expect((await deviceRow(phoneA.id)).sim1).toBe('+8617500000002');
    });

    it('a code nobody holds reaches no link and says why; an ordinary SMS is untouched', async () => {
      expect((await sendSms(s, phoneA, 'HD000000', { simInfo: 'SIM1_+8617500000003' })).status).toBe(200);
      expect((await lastMessage()).reason).toBe('核对码无效或已超过 24 小时：请在设备管理里重新核对这个号码');
      expect((await byNumber('+8617500000003')).state).toBe('checking');
      // A code for the customer, on the device that now holds the number: delivered as ever.
      expect((await sendSms(s, phoneB, '【WhatsApp】验证码 246810，HD 客服', { simInfo: 'SIM2_' })).status).toBe(200);
      expect((await s.get(`/api/code/${link.token}`)).data.code).toBe('246810');
    });

    it('typed numbers: codes for those in stock, the others counted', async () => {
      const r = await s.post('/api/device_number/check', { text: '+8617500000003\n+8617599999999' }, sup);
      expect(r.code, r.message).toBe(200);
      expect(r.message).toBe('已为 1 个号码生成核对码，1 个号码不在库存中');
      expect(r.data.list[0].check_code).toBe(codes.get('+8617500000003'));
    });

    it('a code older than a day is given up: the number reads as before, and a late SMS with it is refused', async () => {
      const code = codes.get('+8617500000003')!;
      s.clock.advance(DAY + 60_000);
      await sync();
      expect(await byNumber('+8617500000003')).toMatchObject({ state: 'unconfirmed', check_code: null });
      expect((await sendSms(s, phoneA, code, { simInfo: 'SIM1_' })).status).toBe(200);
      expect((await lastMessage()).reason).toContain('核对码无效');
      expect((await byNumber('+8617500000003')).device_id).toBe(phoneA.id);
    });
  });

  describe('keep-alive and expiry', () => {
    it('an SMS to a number is its last SMS; with 保号天数 it moves the expiry; days left and the expiring list', async () => {
      const row = await byNumber('+8617500000002');
      expect(row.last_sms_at).toBeTruthy(); // the check SMS
      const edited = await s.post('/api/device_number/edit', { id: row.id, keep_days: 30 }, sup);
      expect(edited.code, edited.message).toBe(200);
      // No expiry yet: it lapses 30 days after its last SMS.
      expect(edited.data.days_left).toMatch(/^2\d 天$/);
      const at = s.clock.now();
      expect((await sendSms(s, phoneA, '验证码 135790', { simInfo: 'SIM1_+8617500000002' })).status).toBe(200);
      await numberHeard(s.database, s.clock.now).flush();
      const stored = await s.database.db
        .selectFrom('device_numbers')
        .selectAll()
        .where('ident_key', '=', '8617500000002')
        .executeTakeFirstOrThrow();
      expect(Number(stored.last_sms_at)).toBeGreaterThanOrEqual(at - 1000);
      expect(Number(stored.expire_at)).toBe(Number(stored.last_sms_at) + 30 * DAY);
      expect((await byNumber('+8617500000002')).days_left).toBe('30 天');

      const soon = await byNumber('+8617500000003');
      const set = await s.post('/api/device_number/edit', { id: soon.id, expire_at: localTime(s.clock.now() + 3 * DAY).slice(0, 19) }, sup);
      expect(set.code, set.message).toBe(200);
      expect(set.data.days_left).toBe('3 天');
      const expiring = await s.get('/api/device_number/expiring', sup);
      expect(expiring.data).toMatchObject({ days: 7, total: 1 });
      expect(expiring.data.list[0]).toMatchObject({
        identifier: '+8617500000003',
        device_name: '甲机',
        days_left: 3,
        days_left_text: '3 天',
      });
      expect((await deviceRow(phoneA.id)).numbers).toBe('2 个（未确认 1，即将到期 1）');
    });

    it('moving a number to another device by hand moves its stock and forgets its slot', async () => {
      const row = await byNumber('+8617500000002');
      const r = await s.post('/api/device_number/edit', { id: row.id, device_id: phoneB.id }, sup);
      expect(r.code, r.message).toBe(200);
      expect(r.data).toMatchObject({ device_id: phoneB.id, slot: '', state: 'unconfirmed' });
      expect(await stockDevices('8617500000002')).toEqual([phoneB.id]);
      expect((await s.post('/api/device_number/edit', { id: row.id, device_id: 999_999 }, sup)).code).toBe(400);
    });
  });

  describe('who holds a number, and whether it can be handed out now', () => {
    beforeAll(async () => {
      sup = await s.login(SUP.username, SUP.password); // the clock has moved on a day
    });

    it("a link, an aggregator's waiting activation, or free stock", async () => {
      await importLines(s, sup, other, ['+8617500000005']);
      const c = await s.addCustomer(sup, 'holder_buyer');
      await credit(s, sup, c.id, 20);
      const bought = (await buyOk(s, c.token, other)).tokens[0];
      expect(bought.identifier).toBe('+8617500000005');
      await sync();
      expect((await byNumber('+8617500000005')).holder).toBe(`客户 holder_buyer 的链接 #${bought.id}`);
      // An aggregator's activation still waiting for its SMS.
      const aggregator = await s.post(
        '/api/aggregator/add',
        { name: '测试平台', key: 'agg-key-1', push_url: 'http://localhost:9/push' },
        sup,
      );
      expect(aggregator.code, aggregator.message).toBe(200);
      const activation = await agentActivation(s, aggregator.data.id, goods);
      await s.database.db
        .updateTable('agent_activations')
        .set({ identifier: '+8617500000004', ident_key: '8617500000004', status: 'waiting' })
        .where('id', '=', activation)
        .execute();
      expect((await byNumber('+8617500000004')).holder).toBe(`聚合平台 测试平台（tg，激活 #${activation}）`);
      await s.database.db.updateTable('agent_activations').set({ status: 'sold' }).where('id', '=', activation).execute();
      expect((await byNumber('+8617500000004')).holder).toBe('空闲');
      expect((await byNumber('+8617500000003')).holder).toBe('空闲');
    });

    it('sellable: enabled and heard devices yes; a disabled device, a silent one, a lapsed SIM no', async () => {
      const ctx = ctxOf(s);
      await sendSms(s, phoneA, '在线', { simInfo: 'SIM1_' });
      await sendSms(s, phoneB, '在线', { simInfo: 'SIM2_' });
      await deviceSeen(s.database).flush();
      expect(await isSellableNow(ctx, '+8617500000001')).toBe(true); // on 乙机
      expect(await isSellableNow(ctx, '8617500000003')).toBe(true); // on 甲机, 3 days left
      expect(await isSellableNow(ctx, '+8617599999999')).toBe(false); // not in stock

      // A disabled device's numbers are not.
      expect((await s.post('/api/device/edit', { id: phoneB.id, enabled: false }, sup)).code).toBe(200);
      expect(await isSellableNow(ctx, '+8617500000001')).toBe(false);
      expect((await byNumber('+8617500000001')).sellable).toBe(false);
      expect((await s.post('/api/device/edit', { id: phoneB.id, enabled: true }, sup)).code).toBe(200);
      expect(await isSellableNow(ctx, '+8617500000001')).toBe(true);

      // The same condition in a count over stock (what an aggregator's counts use).
      const count = async () =>
        Number(
          (
            await s.database.db
              .selectFrom('stock_items as s')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('s.state', '=', 'available')
              .where(await sellableCondition(ctx, 's'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      expect(before).toBeGreaterThan(0);

      // 乙机 falls silent: its numbers leave the count; 甲机 keeps reporting.
      s.clock.advance(s.settings.deviceSilentMs / 2);
      await sendSms(s, phoneA, '在线', { simInfo: 'SIM1_' });
      await deviceSeen(s.database).flush();
      s.clock.advance(s.settings.deviceSilentMs / 2 + 60_000);
      expect(await isSellableNow(ctx, '+8617500000001')).toBe(false);
      expect(await isSellableNow(ctx, '+8617500000003')).toBe(true);
      const onB = (
        await s.database.db
          .selectFrom('stock_items')
          .select('id')
          .where('device_id', '=', phoneB.id)
          .where('state', '=', 'available')
          .execute()
      ).length;
      expect(await count()).toBe(before - onB);

      // 甲机's number whose SIM lapses in 3 days: past it, not sellable.
      s.clock.advance(3 * DAY);
      await sendSms(s, phoneA, '在线', { simInfo: 'SIM1_' });
      await deviceSeen(s.database).flush();
      expect(await isSellableNow(ctx, '+8617500000003')).toBe(false);
      expect((await byNumber('+8617500000003')).days_left).toBe('已到期');
    });
  });

  describe('refusals', () => {
    it('bad input is refused in Chinese and changes nothing; only staff with the intake grant may check', async () => {
      sup = await s.login(SUP.username, SUP.password); // the clock has moved on days
      // What the SMS above left to be written a second later is written now, not during the snapshots.
      await numberHeard(s.database, s.clock.now).flush();
      await deviceSeen(s.database).flush();
      const before = await s.snapshot();
      const cases: [unknown, number, string][] = [
        [{}, 400, '请选择要核对的号码'],
        [{ text: '' }, 400, '请填写要核对的号码'],
        [{ text: 'a@b.co' }, 400, '只能核对手机号码'],
        [{ text: '+8617599999998' }, 400, '这些号码都不在库存中'],
        [{ text: 5 }, 400, '号码必须是文本，每行一个'],
        [{ ids: [] }, 400, 'ids 必须是'],
        [{ ids: 'x' }, 400, 'ids 必须是'],
        [{ device_id: 999_999 }, 404, '设备不存在'],
        [{ device_id: phoneA.id, unconfirmed: 'yes' }, 400, 'unconfirmed'],
        [{ device_id: phoneA.id, extra: 1 }, 400, 'extra'],
        [{ text: Array.from({ length: 501 }, (_, i) => String(8617600000000 + i)).join('\n') }, 400, '一次最多核对 500 个号码'],
      ];
      for (const [body, code, words] of cases) {
        const r = await s.post('/api/device_number/check', body, sup);
        expect(r.code, JSON.stringify(body)).toBe(code);
        expect(r.message).toContain(words);
      }
      const keep = await s.post('/api/device_number/edit', { id: (await byNumber('+8617500000003')).id, keep_days: 0 }, sup);
      expect(keep.code).toBe(400);
      expect(await s.snapshot()).toBe(before);

      const c = await s.addCustomer(sup, 'not_staff');
      expect((await s.post('/api/device_number/check', { device_id: phoneA.id }, c.token)).code).toBe(403);
      expect((await s.get('/api/device_number/expiring', c.token)).code).toBe(403);
      expect((await s.post('/api/device_number/data', {}, c.token)).code).toBe(403);
    });
  });

  describe("a modem pool's port", () => {
    it("gammu's PhoneID is the slot a check SMS proves", async () => {
      sup = await s.login(SUP.username, SUP.password);
      await importLines(s, sup, goods, ['+8617500000006']);
      const pool = await addDevice(s, sup, { name: '卡池' });
      const asked = await s.post('/api/device_number/check', { text: '+8617500000006' }, sup);
      expect(asked.code, asked.message).toBe(200);
      const code = asked.data.list[0].check_code as string;
      // What scripts/gammu-runonreceive.sh posts: the text, the modem's PhoneID, signed like SmsForwarder.
      const ts = s.clock.now() + 7;
      const body = JSON.stringify({
        from: '+8613900000000',
        org_content: code,
        device_mark: 'modem3',
        timestamp: ts,
        sign: appSign(ts, pool.secret),
      });
      expect((await postRaw(s, pool.path, 'application/json', body)).status).toBe(200);
      expect(await byNumber('+8617500000006')).toMatchObject({ device_id: pool.id, slot: '端口 modem3', state: 'confirmed' });
      expect((await lastMessage()).reason).toBe('号码核对短信：已记录 +8617500000006 在本设备的端口 modem3');
      expect((await deviceRow(pool.id)).sim1).toBeNull();
    });
  });
});
