/**
 * Phones: devices made by the sup (webhook URL and secret shown once) and SMS sent to their webhook
 * exactly as SmsForwarder sends them: the default form, the custom JSON template, signed, replayed,
 * stale, to the wrong device or a disabled one. Codes become readable through the link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, importLines } from '../../helpers/commerce.js';
import { addDevice, postRaw, sendSms, smsRequest, type Device, type Posted } from '../../helpers/intake.js';
import { appSign } from '../../helpers/smsforwarder-app.js';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const T0 = Date.UTC(2025, 8, 1, 4, 0, 0);

describe.each(dbKinds)('SMS webhook on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let customer: { id: number; token: string };
  let goods: number;
  let device: Device;

  beforeAll(async () => {
    s = await startServer(kind, { frozenAt: T0 });
    sup = await s.login(SUP.username, SUP.password);
    customer = await s.addCustomer(sup, 'phone_buyer');
    await credit(s, sup, customer.id, 100);
    goods = await addGoods(s, sup, { receive_limit: 0 });
    await importLines(s, sup, goods, ['+8613800138000', '+8613800138001', '+8613800138002', '+8613800138003', '+8613800138004']);
    device = await addDevice(s, sup, { name: '一号机', sim2: '+8613800138002' });
  });
  afterAll(() => s?.close());

  /** Buys links until it holds the number (the store hands out numbers in its own order). */
  async function linkFor(number: string) {
    for (let i = 0; i < 5; i++) {
      const t = (await buyOk(s, customer.token, goods)).tokens[0];
      if (t.identifier.replace('+', '') === number.replace('+', '')) return t;
    }
    throw new Error(`no link for ${number}`);
  }
  const read = async (token: string) => (await s.get(`/api/code/${token}`)).data;
  let links: Record<string, { id: number; token: string; identifier: string }>;

  it('the sup makes a device: its webhook URL and its secret come once, never again', async () => {
    expect(device.webhook_url).toBe(`${s.url}/api/ingest/sms/${device.key}`);
    expect(device.secret).toMatch(/^[A-Za-z0-9]{32}$/);
    const detail = await s.get(`/api/device/detail?id=${device.id}`, sup);
    expect(detail.data).toMatchObject({
      name: '一号机',
      sim2: '+8613800138002',
      enabled: true,
      webhook_url: device.webhook_url,
      messages_today: 0,
    });
    expect(JSON.stringify(detail.data)).not.toContain(device.secret);
    const list = await s.post('/api/device/data', {}, sup);
    expect(JSON.stringify(list.data)).not.toContain(device.secret);
    const stored = await s.database.db.selectFrom('devices').selectAll().where('id', '=', device.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(device.secret);
    links = {};
    for (const n of ['+8613800138000', '+8613800138001', '+8613800138002']) links[n] = await linkFor(n);
  });

  it('the default form with the number in the SIM remark delivers the code', async () => {
    const r = await sendSms(s, device, '【Telegram】您的验证码是 482913，5分钟内有效。', { simInfo: 'SIM1_+8613800138000' });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ code: 200, message: 'ok' });
    expect(await read(links['+8613800138000'].token)).toMatchObject({ code: '482913' });
  });

  it('the custom JSON template (raw text, card_slot) delivers the code', async () => {
    const r = await sendSms(s, device, 'Your Telegram code is 557-102', { form: 'json', simInfo: 'SIM1_中国移动_13800138001' });
    expect(r.status).toBe(200);
    expect(await read(links['+8613800138001'].token)).toMatchObject({ code: '557102' });
  });

  it("without a number in the remark, the slot's bound number is the recipient", async () => {
    const r = await sendSms(s, device, '验证码 730411，请勿泄露', { simInfo: 'SIM2_主卡' });
    expect(r.status).toBe(200);
    expect(await read(links['+8613800138002'].token)).toMatchObject({ code: '730411' });
  });

  it("a GET webhook (fields glued to the URL, no `from`, as the app's GET sends them) delivers the code", async () => {
    s.clock.advance(1000);
    const ts = s.clock.now();
    const content = ['+8610690000', '验证码 908172，请勿泄露', 'SIM1_+8613800138001', 'SubId：1', localTimeOf(ts), 'Redmi'].join('\n');
    const res = await fetch(
      `${s.url}${device.path}&content=${encodeURIComponent(content)}&timestamp=${ts}&sign=${encodeURIComponent(appSign(ts, device.secret))}`,
    );
    expect(res.status).toBe(200);
    expect(await read(links['+8613800138001'].token)).toMatchObject({ code: '908172' });
  });

  it('the same message twice (a retry) is stored once', async () => {
    const req = smsRequest(s, device, '验证码 111222，请勿泄露', { simInfo: 'SIM1_+8613800138000' });
    const before = await s.database.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await postRaw(s, device.path, req.contentType, req.body)).status).toBe(200);
    s.clock.advance(5000);
    expect((await postRaw(s, device.path, req.contentType, req.body)).status).toBe(200);
    // Another forwarding rule: the same SMS, a later timestamp.
    expect(
      (await sendSms(s, device, '验证码 111222，请勿泄露', { simInfo: 'SIM1_+8613800138000', receiveTime: s.clock.now() - 5000 })).status,
    ).toBe(200);
    const after = await s.database.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(1);
    const records = await s.post('/api/record/data', { token_id: links['+8613800138000'].id }, customer.token);
    expect(records.data.list.map((r: Record<string, unknown>) => r.code)).toEqual(['111222', '482913']);
  });

  it('refuses a wrong signature, a missing one, a stale or future timestamp, an unknown or disabled device (4xx, nothing stored)', async () => {
    const count = async () =>
      Number(
        (
          await s.database.db
            .selectFrom('messages')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const cases: [string, () => Promise<Posted>, number][] = [
      ['wrong secret', () => sendSms(s, device, '验证码 999001', { secret: 'not-the-secret' }), 401],
      ['no secret', () => sendSms(s, device, '验证码 999002', { secret: '' }), 401],
      ['11 minutes old', () => sendSms(s, device, '验证码 999003', { timestamp: s.clock.now() - 11 * 60_000 }), 401],
      ['11 minutes ahead', () => sendSms(s, device, '验证码 999004', { timestamp: s.clock.now() + 11 * 60_000 }), 401],
      ['unknown device', () => sendSms(s, { ...device, path: '/api/ingest/sms/AAAAAAAAAAAAAAAAAAAAAA' }, '验证码 999005'), 404],
      ['broken JSON', () => postRaw(s, device.path, 'application/json', '{"from":'), 400],
    ];
    for (const [what, send, status] of cases) {
      const r = await send();
      expect(r.status, what).toBe(status);
      expect(r.json.code, what).toBe(status);
      expect(chinese(r.json.message), what).toBe(true);
    }
    const other = await addDevice(s, sup, { name: '二号机' });
    expect((await sendSms(s, other, '验证码 999006', { secret: device.secret })).status).toBe(401);
    expect((await s.post('/api/device/edit', { id: other.id, enabled: false }, sup)).code).toBe(200);
    const disabled = await sendSms(s, other, '验证码 999007');
    expect(disabled.status).toBe(403);
    expect(await count()).toBe(before);
  });

  it('a timestamp within 10 minutes passes; the limit is WEBHOOK_MAX_SKEW_SECONDS', async () => {
    expect(
      (await sendSms(s, device, '验证码 120034', { timestamp: s.clock.now() - 9 * 60_000, simInfo: 'SIM1_+8613800138001' })).status,
    ).toBe(200);
    const strict = await s.sibling({ webhookMaxSkewMs: 60_000 });
    const req = smsRequest(s, device, '验证码 120035', { timestamp: s.clock.now() - 2 * 60_000 });
    expect((await postRaw(strict, device.path, req.contentType, req.body)).status).toBe(401);
  });

  it('a regenerated secret works at once and the old one stops', async () => {
    const r = await s.post('/api/device/secret', { id: device.id }, sup);
    expect(r.code).toBe(200);
    expect(r.data.secret).not.toBe(device.secret);
    expect(r.data.webhook_url).toBe(device.webhook_url);
    expect((await sendSms(s, device, '验证码 300400')).status).toBe(401);
    device = { ...device, secret: r.data.secret };
    expect((await sendSms(s, device, '验证码 300401', { simInfo: 'SIM1_+8613800138001' })).status).toBe(200);
  });

  it('the device list shows last seen, messages today and the silent flag', async () => {
    const list = await s.post('/api/device/data', { name: '一号机' }, sup);
    const row = list.data.list[0];
    expect(row).toMatchObject({ name: '一号机', silent: false, messages_today: 7, message_count: 7 });
    expect(row.last_seen_at).toBe(localTimeOf(s.clock.now()));
    expect((await s.get('/api/device/silent', sup)).data.list.map((d: Record<string, unknown>) => d.name)).not.toContain('一号机');
    s.clock.advance(61 * 60_000);
    expect((await s.post('/api/device/data', { name: '一号机' }, sup)).data.list[0].silent).toBe(true);
    const silent = await s.get('/api/device/silent', sup);
    expect(silent.data).toMatchObject({ minutes: 60, more: false });
    // The disabled 二号机 is not watched.
    expect(silent.data.list.map((d: Record<string, unknown>) => d.name)).toEqual(['一号机']);
    expect((await sendSms(s, device, 'hello', { simInfo: 'SIM1_+8613800138004' })).status).toBe(200);
    expect((await s.post('/api/device/data', { name: '一号机' }, sup)).data.list[0].silent).toBe(false);
  });

  it("the device's last seen and message count reach the database within a few seconds (written at most once a second)", async () => {
    const stored = () =>
      s.database.db.selectFrom('devices').select(['last_seen_at', 'message_count']).where('id', '=', device.id).executeTakeFirstOrThrow();
    const before = (await s.post('/api/device/data', { name: '一号机' }, sup)).data.list[0].message_count;
    s.clock.advance(1000);
    expect((await sendSms(s, device, '验证码 431907，请勿泄露', { simInfo: 'SIM1_+8613800138003' })).status).toBe(200);
    const shown = (await s.post('/api/device/data', { name: '一号机' }, sup)).data.list[0];
    expect(shown.message_count).toBe(before + 1);
    expect(shown.last_seen_at).toBe(localTimeOf(s.clock.now()));
    for (let i = 0; i < 100 && Number((await stored()).message_count) !== before + 1; i++) await new Promise((r) => setTimeout(r, 100));
    expect(await stored()).toMatchObject({ message_count: before + 1 });
    expect(Number((await stored()).last_seen_at)).toBe(s.clock.now());
  });

  it('an SMS received in the same second as the purchase is delivered (the phone gives its receive time in whole seconds)', async () => {
    s.clock.advance(1000 - (s.clock.now() % 1000) + 300); // bought at .300 of a second
    const link = (await buyOk(s, customer.token, goods)).tokens[0];
    s.clock.advance(200); // received and forwarded in the same second
    const r = await sendSms(s, device, '验证码 660712，请勿泄露', { simInfo: `SIM1_${link.identifier}` });
    expect(r.status).toBe(200);
    expect(await read(link.token)).toMatchObject({ code: '660712' });
  });
});

function localTimeOf(ms: number) {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  }).format(ms);
}
