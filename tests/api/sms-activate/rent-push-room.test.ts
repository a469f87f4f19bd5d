/**
 * Rent pushes go to urls the customers set: one customer's that never answer hold only their own
 * room (2 in flight), and another rental's SMS is pushed while all of those are still open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler, keyedCustomer, smsGoods } from '../../helpers/handler.js';
import { addDevice, sendSms, type Device } from '../../helpers/intake.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { PUSH_LIMITS } from '../../../server/rentals/push-room.js';
import { startReceiver, type Receiver } from '../webhooks/receiver.js';
import { until } from '../webhooks/customers.js';

describe.each(dbKinds)('rent push room on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let phone: Device;
  let goods: number;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    s = await startServer(kind, { settings: { webhookAllowPrivate: true } as object });
    sup = await s.login(SUP.username, SUP.password);
    phone = await addDevice(s, sup, { name: '租用号码池' });
    goods = await smsGoods(
      s,
      sup,
      {
        title: 'Telegram 租用',
        service: 'tg',
        price: 1.5,
        rentable: true,
        rent_price_hour: 0.25,
        rent_min_hours: 4,
        rent_max_hours: 720,
      },
      ['79970000001', '79970000002', '79970000003', '79970000004', '79970000005'],
    );
    expect(goods).toBeGreaterThan(0);
  });
  afterAll(async () => {
    await Promise.all(receivers.map((r) => r.close()));
    await s?.close();
  });

  const rent = async (key: string, url: string) => {
    const r = await handler(s, { api_key: key, action: 'getRentNumber', service: 'tg', rent_time: 4, url });
    const parsed = JSON.parse(r.body);
    expect(parsed.status, r.body).toBe('success');
    return parsed.phone.number as string;
  };
  const sms = async (number: string, text: string) => {
    const r = await sendSms(s, phone, text, { simInfo: `SIM1_+${number}`, from: 'Telegram' });
    expect(r.status, r.text).toBe(200);
  };

  it("a customer's rent urls that never answer hold 2 pushes; another rental's SMS is pushed while they are open", async () => {
    const hanging = await startReceiver();
    hanging.answer = () => ({ hold: new Promise(() => {}) });
    const normal = await startReceiver();
    receivers.push(hanging, normal);
    const openThen: number[] = [];
    normal.answer = () => {
      openThen.push(hanging.open);
      return { status: 200 };
    };
    const hostile = await keyedCustomer(s, sup, 'rent_room_hostile', 50);
    const other = await keyedCustomer(s, sup, 'rent_room_other', 50);
    const numbers: string[] = [];
    for (let i = 0; i < 4; i++) numbers.push(await rent(hostile.key, `${hanging.url}/${i}`));
    for (const [i, n] of numbers.entries()) await sms(n, `Telegram code: 1000${i}`);
    await s.app.jobs.runNow('rent-push');
    await until('hostile pushes held', async () => hanging.got.length === PUSH_LIMITS.perUser);

    const theirs = await rent(other.key, normal.url);
    await sms(theirs, 'Telegram code: 77777');
    await s.app.jobs.runNow('rent-push');
    const [got] = await normal.waitFor(1);
    expect(JSON.parse(got.raw).sms.text).toBe('Telegram code: 77777');
    // Every push held by the url that never answers was still open when it came; no more of them were started.
    expect(openThen[0]).toBe(PUSH_LIMITS.perUser);
    expect(hanging.got.length).toBe(PUSH_LIMITS.perUser);
  }, 60_000);
});
