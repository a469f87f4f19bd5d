/**
 * 分配 for a message whose recipient is unknown (the phone did not say which SIM): the numbers still
 * waiting, the message's device's first, only the app the sender names unless widened, searched by
 * digits; assigning one delivers the code and names the number on the message. The inbox's
 * `assignable` says where nothing can take a code, so the console offers no 分配 there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { addGoods, buyOk, credit, deliver, importLines } from '../../helpers/commerce.js';
import { addDevice, sendSms, type Device } from '../../helpers/intake.js';

const TG_A = '+8613800000001';
const TG_B = '+8613800000002';
const WA_C = '+8613800000003';
const TG_LATE = '+8613800000004';

describe.each(dbKinds)('assigning a message whose recipient is unknown on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let device: Device;
  const link = {} as Record<'a' | 'b' | 'c' | 'late', { id: number; token: string; identifier: string }>;
  let waiting: number;

  const candidates = async (body: Record<string, unknown>) => {
    const r = await s.post('/api/message/links', body, sup);
    expect(r.code, r.message).toBe(200);
    return r.data as { id: number; identifier: string; on_device: boolean; title: string }[];
  };
  const inbox = async () => {
    const r = await s.post('/api/message/data', {}, sup);
    expect(r.code, r.message).toBe(200);
    return r.data.list as { id: number; code: string | null; assignable: boolean; recipient: string | null }[];
  };
  const read = async (token: string) => (await (await fetch(`${s.url}/api/code/${token}`)).json()).data;

  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
    const tg = await addGoods(s, sup, { title: 'TG 卡池', service: 'tg' });
    const wa = await addGoods(s, sup, { title: 'WA 卡池', service: 'wa' });
    await importLines(s, sup, tg, [TG_A, TG_B, TG_LATE]);
    await importLines(s, sup, wa, [WA_C]);
    const buyer = await s.addCustomer(sup, 'pool_buyer');
    await credit(s, sup, buyer.id, 20);
    [link.a, link.b] = (await buyOk(s, buyer.token, tg, 2)).tokens;
    [link.c] = (await buyOk(s, buyer.token, wa)).tokens;
    device = await addDevice(s, sup, { name: '卡池一号' });
    // Number B is this device's own: its link comes first.
    expect((await s.post('/api/device/bind', { id: device.id, text: TG_B }, sup)).code).toBe(200);
    s.clock.advance(1000);
    expect((await sendSms(s, device, 'Your Telegram code is 55667', { from: 'Telegram', simInfo: 'SIM1_' })).status).toBe(200);
    waiting = (await inbox()).find((m) => m.code === '55667')!.id;
    s.clock.advance(1000);
    // Bought after the message came: its code is older than the link, never offered.
    [link.late] = (await buyOk(s, buyer.token, tg)).tokens;
  });
  afterAll(async () => {
    await s?.close();
  });

  it('offers the numbers still waiting for the app the sender names, the device’s own first', async () => {
    const found = await candidates({ id: waiting });
    expect(found.map((l) => l.id)).toEqual([link.b.id, link.a.id]);
    expect(found[0]).toMatchObject({ identifier: link.b.identifier, on_device: true, title: 'TG 卡池' });
    expect(found[1].on_device).toBe(false);
  });

  it('widens to every app on request, and searches by the digits of the number', async () => {
    expect((await candidates({ id: waiting, all: true })).map((l) => l.id)).toEqual([link.b.id, link.c.id, link.a.id]);
    expect((await candidates({ id: waiting, all: true, q: '0003' })).map((l) => l.id)).toEqual([link.c.id]);
    expect(await candidates({ id: waiting, q: '0003' })).toEqual([]);
    expect((await candidates({ id: waiting, q: '+86 138-0000-0001' })).map((l) => l.id)).toEqual([link.a.id]);
  });

  it('refuses a search that is not text or a widening that is not a boolean, in Chinese', async () => {
    const bad = await s.post('/api/message/links', { id: waiting, q: 5 }, sup);
    expect(bad.code).toBe(400);
    expect(bad.message).toBe('搜索的号码最多 32 个字符');
    expect((await s.post('/api/message/links', { id: waiting, all: 'yes' }, sup)).code).toBe(400);
  });

  it('the inbox marks which messages something can still take', async () => {
    await deliver(s, '+8613911112222', '验证码 909090'); // nobody holds this number
    const rows = await inbox();
    expect(rows.find((m) => m.id === waiting)?.assignable).toBe(true);
    expect(rows.find((m) => m.code === '909090')?.assignable).toBe(false);
  });

  it('assigning delivers the code to the chosen number and names it on the message', async () => {
    const r = await s.post('/api/message/assign', { id: waiting, token_id: link.b.id }, sup);
    expect(r.code, r.message).toBe(200);
    expect(r.data).toMatchObject({ matched: true, recipient: link.b.identifier });
    expect((await inbox()).find((m) => m.id === waiting)?.assignable).toBe(false);
    expect(await read(link.b.token)).toMatchObject({ code: '55667' });
    expect((await read(link.a.token)).code).toBeFalsy();
    expect((await s.post('/api/message/links', { id: waiting }, sup)).message).toBe('该消息已送达链接');
  });
});
