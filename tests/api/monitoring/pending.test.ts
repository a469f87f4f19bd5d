/**
 * `GET /api/pending`, the staff home's 待处理 card: each staff role gets only what it may act on
 * (operator: devices, waiting messages, sold-out products, failing providers; finance: the USDT
 * watcher, unmatched transfers, paused webhooks; support: paused webhooks; the owner everything), a
 * silent device is named with how long it has been silent, and a quiet shop answers nothing to do.
 * Aggregators whose pushes keep failing and SIMs about to lapse follow the rules of their Telegram
 * alerts (five minutes of failures; NUMBER_EXPIRY_WARN_DAYS), counted, for the operator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, localTime, type TestServer } from '../../helpers/server.js';
import { addGoods, deliver, importLines } from '../../helpers/commerce.js';
import { addDevice, sendSms, type Device } from '../../helpers/intake.js';
import { T0, unmatchedTransfer, usdtWorld, type UsdtWorld } from '../fixtures/usdt.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

describe.each(dbKinds)('the pending card on %s', (kind) => {
  let world: UsdtWorld;
  let s: TestServer;
  let owner: string;
  const staff = {} as Record<'operator' | 'finance' | 'support', string>;
  let customer: string;
  let device: Device;

  const pending = async (token: string) => {
    const r = await s.get('/api/pending', token);
    expect(r.code, r.message).toBe(200);
    return r.data;
  };

  beforeAll(async () => {
    // The watcher reads a TronGrid that is not there: every poll fails.
    world = await usdtWorld(kind, { api_url: 'http://127.0.0.1:9' });
    s = world.s;
    owner = world.sup;
    for (const role of ['operator', 'finance', 'support'] as const) {
      const r = await s.post('/api/user/add', { username: `staff_${role}`, password: 'Staff-pass-1', type: 'sup', role }, owner);
      expect(r.code, r.message).toBe(200);
      staff[role] = await s.login(`staff_${role}`, 'Staff-pass-1');
    }
    customer = (await s.addCustomer(owner, 'pending_buyer')).token;
  });
  afterAll(async () => {
    await world?.close();
  });

  it('a shop with nothing waiting answers empty lists and zero counts', async () => {
    expect(await pending(owner)).toEqual({
      silent_minutes: 60,
      devices: { online: 0, silent_count: 0, silent: [] },
      messages: 0,
      expiring_numbers: { count: 0, days: 7, before: localTime(T0 + 7 * DAY).slice(0, 19), numbers: [] },
      sold_out: { count: 0, titles: [] },
      providers: [],
      aggregators: { count: 0, failing: [] },
      usdt_watcher: [],
      transfers: 0,
      webhooks: { count: 0, users: [] },
    });
  });

  it('a customer may not read it', async () => {
    expect((await s.get('/api/pending', customer)).code).toBe(403);
  });

  it('a device is online while it reports and silent, with how long, once it has not for the set time', async () => {
    device = await addDevice(s, owner, { name: '一号机' });
    expect((await pending(staff.operator)).devices).toEqual({ online: 1, silent_count: 0, silent: [] });
    s.clock.advance(61 * MINUTE);
    expect((await pending(staff.operator)).devices).toEqual({
      online: 0,
      silent_count: 1,
      silent: [{ id: device.id, name: '一号机', heard: false, silent_ms: 61 * MINUTE }],
    });
    expect((await sendSms(s, device, 'hello', { simInfo: 'SIM1_+8613800138004' })).status).toBe(200);
    expect((await pending(staff.operator)).devices).toMatchObject({ online: 1, silent_count: 0 });
    s.clock.advance(90 * MINUTE);
    expect((await pending(owner)).devices.silent).toEqual([{ id: device.id, name: '一号机', heard: true, silent_ms: 90 * MINUTE }]);
  });

  it('each role sees only the kinds it may act on', async () => {
    // Something of every kind: a sold-out product, a failing provider, a code no link took, an
    // unmatched transfer, a paused customer webhook, and the failing USDT watcher.
    await addGoods(s, owner, { title: '卖完的 Telegram' });
    const provider = await s.post(
      '/api/provider/add',
      { name: '坏上游', base_url: 'http://127.0.0.1:9/stubs/handler_api.php', api_key: 'k' },
      owner,
    );
    expect(provider.code, provider.message).toBe(200);
    await s.database.db
      .updateTable('providers')
      .set({ last_error: '连接被拒绝', last_error_at: s.clock.now() })
      .where('id', '=', provider.data.id)
      .execute();
    await deliver(s, '+8613900001111', '您的验证码是 246810');
    await unmatchedTransfer(s);
    const buyer = await s.database.db.selectFrom('users').select('id').where('username', '=', 'pending_buyer').executeTakeFirstOrThrow();
    await s.database.db
      .insertInto('webhook_endpoints')
      .values({
        user_id: buyer.id,
        url: 'https://hooks.example.com/codes',
        enabled: 1,
        secret: 'sealed',
        secret_hint: 'ab12',
        paused_at: s.clock.now(),
        create_at: s.clock.now(),
        update_at: s.clock.now(),
      })
      .execute();
    await world.poll();

    const all = await pending(owner);
    expect(all).toMatchObject({
      messages: 1,
      sold_out: { count: 1, titles: ['卖完的 Telegram'] },
      providers: [{ id: provider.data.id, name: '坏上游', error: '连接被拒绝' }],
      usdt_watcher: [{ failures: 1 }],
      transfers: 1,
      webhooks: { count: 1, users: ['pending_buyer'] },
    });
    expect(all.devices.silent_count).toBe(1);

    const operator = await pending(staff.operator);
    expect(Object.keys(operator).sort()).toEqual([
      'aggregators',
      'devices',
      'expiring_numbers',
      'messages',
      'providers',
      'silent_minutes',
      'sold_out',
    ]);
    expect(operator).toMatchObject({ messages: 1, sold_out: { count: 1 }, providers: [{ name: '坏上游' }] });

    const finance = await pending(staff.finance);
    expect(Object.keys(finance).sort()).toEqual(['silent_minutes', 'transfers', 'usdt_watcher', 'webhooks']);
    expect(finance).toMatchObject({ transfers: 1, usdt_watcher: [{ failures: 1 }], webhooks: { count: 1 } });

    const support = await pending(staff.support);
    expect(Object.keys(support).sort()).toEqual(['silent_minutes', 'webhooks']);
  });

  it('aggregators whose pushes have failed for five minutes, as the Telegram alert tells them, for the operator', async () => {
    let n = 0;
    const add = async (name: string) => {
      const r = await s.post('/api/aggregator/add', { name, key: `agent-key-000${++n}`, push_url: 'https://hub.example.com/push' }, owner);
      expect(r.code, r.message).toBe(200);
      return r.data.id as number;
    };
    const failing = async (id: number, minutes: number) =>
      await s.database.db
        .updateTable('aggregators')
        .set({ failing_since: s.clock.now() - minutes * MINUTE, push_error: 'HTTP 500' })
        .where('id', '=', id)
        .execute();
    const [long, recent, off] = [await add('聚合甲'), await add('聚合乙'), await add('聚合丙')];
    await add('聚合丁'); // pushing fine
    await failing(long, 12);
    await failing(recent, 4);
    await failing(off, 30);
    expect((await s.post('/api/aggregator/edit', { id: off, enabled: false }, owner)).code).toBe(200);

    expect((await pending(staff.operator)).aggregators).toEqual({
      count: 1,
      failing: [{ id: long, name: '聚合甲', error: 'HTTP 500', since_ms: 12 * MINUTE }],
    });
    // A minute later the second has failed for five minutes too.
    s.clock.advance(MINUTE);
    expect((await pending(owner)).aggregators).toMatchObject({ count: 2, failing: [{ name: '聚合甲' }, { name: '聚合乙' }] });
    // A push through clears it (server/agents writes failing_since back to null).
    await s.database.db.updateTable('aggregators').set({ failing_since: null, push_error: null }).where('id', '=', long).execute();
    expect((await pending(staff.operator)).aggregators).toMatchObject({ count: 1, failing: [{ name: '聚合乙' }] });
    expect(await pending(staff.finance)).not.toHaveProperty('aggregators');
  });

  it('device numbers whose SIM lapses within the warning days or has lapsed: counted, soonest first, and the list they link to shows the same', async () => {
    const goods = await addGoods(s, owner, { title: '到期检查' });
    await importLines(s, owner, goods, ['+8617600000001', '+8617600000002', '+8617600000003']);
    expect(await s.app.jobs.runNow('device-numbers-sync')).toBe(true);
    const rows = (await s.post('/api/device_number/data?pageSize=100', { identifier: '+86176' }, owner)).data.list as {
      id: number;
      identifier: string;
    }[];
    const idOf = (n: string) => rows.find((r) => r.identifier === n)!.id;
    const expire = async (n: string, at: number) => {
      const r = await s.post('/api/device_number/edit', { id: idOf(n), expire_at: localTime(at).slice(0, 19) }, owner);
      expect(r.code, r.message).toBe(200);
    };
    const now = s.clock.now();
    await expire('+8617600000001', now + 3 * DAY);
    await expire('+8617600000002', now - DAY);
    await expire('+8617600000003', now + 30 * DAY);

    const before = localTime(now + 7 * DAY).slice(0, 19);
    expect((await pending(staff.operator)).expiring_numbers).toEqual({
      count: 2,
      days: 7,
      before,
      numbers: [
        { id: idOf('+8617600000002'), identifier: '+8617600000002', days_left_text: '已到期' },
        { id: idOf('+8617600000001'), identifier: '+8617600000001', days_left_text: '3 天' },
      ],
    });
    // The 设备号码 list filtered to the cut-off, as the card's link asks, shows these two.
    const listed = await s.post(
      '/api/device_number/data?pageSize=100',
      { expire_at: ['', before], sort: 'expire_at', order: 'asc' },
      owner,
    );
    expect(listed.code, listed.message).toBe(200);
    expect(listed.data.list.map((r: { identifier: string }) => r.identifier)).toEqual(['+8617600000002', '+8617600000001']);
    expect(await pending(staff.finance)).not.toHaveProperty('expiring_numbers');
    expect(await pending(staff.support)).not.toHaveProperty('expiring_numbers');
  });
});
