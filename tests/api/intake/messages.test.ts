/**
 * The sup's inbox: every inbound message is stored, matched or not, with why it matched nothing;
 * filters by source, device, recipient and matched; a message entered by hand goes the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, importLines } from '../../helpers/commerce.js';
import { addDevice, sendSms } from '../../helpers/intake.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const T0 = Date.UTC(2025, 8, 2, 4, 0, 0);

describe.each(dbKinds)('messages inbox on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let customer: { id: number; token: string };
  let link: { id: number; token: string; identifier: string };
  let deviceId: number;

  beforeAll(async () => {
    s = await startServer(kind, { frozenAt: T0 });
    sup = await s.login(SUP.username, SUP.password);
    customer = await s.addCustomer(sup, 'inbox_buyer');
    await credit(s, sup, customer.id, 10);
    const goods = await addGoods(s, sup, { match_keyword: 'Telegram' });
    await importLines(s, sup, goods, ['+447700900123']);
    link = (await buyOk(s, customer.token, goods)).tokens[0];
    s.clock.advance(1000);
    const device = await addDevice(s, sup, { name: '英国卡', sim1: '+447700900123' });
    deviceId = device.id;
    expect((await sendSms(s, device, 'Your bank code is 123456')).status).toBe(200);
    expect((await sendSms(s, device, 'Telegram code 654321')).status).toBe(200);
    expect((await sendSms(s, device, 'Telegram code 777888', { simInfo: 'SIM1_+447700900999' })).status).toBe(200);
  });
  afterAll(() => s?.close());

  it('lists every message with its source, device, code and why it matched nothing', async () => {
    const r = await s.post('/api/message/data', {}, sup);
    expect(r.data.total).toBe(3);
    expect(
      r.data.list.map((m: Record<string, unknown>) => [m.source, m.device_id_label, m.recipient, m.code, m.matched, m.reason]),
    ).toEqual([
      ['sms', '英国卡', '+447700900999', '777888', false, '没有持有该号码或邮箱的链接'],
      ['sms', '英国卡', '+447700900123', '654321', true, null],
      ['sms', '英国卡', '+447700900123', '123456', false, '发件人或内容不符合商品的匹配规则'],
    ]);
    expect(r.data.list[1].token_id).toBe(link.id);
  });

  it('filters by matched, source, device and recipient', async () => {
    const ids = async (body: Record<string, unknown>) =>
      (await s.post('/api/message/data', body, sup)).data.list.map((m: Record<string, unknown>) => m.code);
    expect(await ids({ matched: false })).toEqual(['777888', '123456']);
    expect(await ids({ matched: true })).toEqual(['654321']);
    expect(await ids({ source: 'manual' })).toEqual([]);
    expect(await ids({ device_id: deviceId })).toHaveLength(3);
    expect(await ids({ recipient: '900999' })).toEqual(['777888']);
  });

  it('a message entered by hand reaches the link through the same path, and says so', async () => {
    await s.post('/api/token/reset', { id: link.id }, customer.token);
    s.clock.advance(1000);
    const r = await s.post('/api/message/add', { recipient: '447700900123', sender: 'Telegram', text: 'Telegram code: 246 810' }, sup);
    expect(r.code).toBe(200);
    expect(r.message).toContain('246810');
    expect(r.data).toMatchObject({ source: 'manual', recipient: '447700900123', code: '246810', matched: true, device_id: null });
    expect((await s.get(`/api/code/${link.token}`)).data).toMatchObject({ code: '246810' });
    const missed = await s.post('/api/message/add', { recipient: '+10000000000', text: '验证码 135790' }, sup);
    expect(missed.code).toBe(200);
    expect(missed.message).toContain('没有持有该号码或邮箱的链接');
    expect(missed.data).toMatchObject({ matched: false, reason: '没有持有该号码或邮箱的链接' });
  });

  it('an SMS whose receiving number nobody told is stored with what to do about it', async () => {
    const sup2 = await addDevice(s, sup, { name: '无号码' });
    expect((await sendSms(s, sup2, 'Telegram code 909090', { simInfo: 'SIM1_主卡' })).status).toBe(200);
    const r = await s.post('/api/message/data', { device_id: sup2.id }, sup);
    expect(r.data.list[0]).toMatchObject({ recipient: '', code: '909090', matched: false });
    expect(r.data.list[0].reason).toContain('SIM 卡备注');
  });

  it('customers see no inbox', async () => {
    expect((await s.post('/api/message/data', {}, customer.token)).code).toBe(403);
    expect((await s.post('/api/message/add', { recipient: '+447700900123', text: '验证码 111111' }, customer.token)).code).toBe(403);
  });
});
