/**
 * The 5sim API v1 over our store, driven by a client written as the public 5sim clients call
 * (tests/helpers/fivesim-client.ts): buy → SMS → check → finish and buy → cancel → refund, ban, the
 * errors word for word with their statuses, another customer's order, the guest lists, the sup's
 * 5sim names; the same activation read through handler_api.php and the console; the books balance.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalance } from '../../helpers/commerce.js';
import { fiveSim, refusal } from '../../helpers/fivesim-client.js';
import { handler, keyedCustomer, smsGoods, startHandlerServer, type Keyed } from '../../helpers/handler.js';
import { addDevice, sendSms, type Device } from '../../helpers/intake.js';
import { dbKinds, type TestServer } from '../../helpers/server.js';

const T0 = Date.UTC(2025, 8, 1, 6, 0, 0);
const MINUTE = 60_000;

describe.each(dbKinds)('5sim API v1 on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let a: Keyed;
  let b: Keyed;
  let poor: Keyed;
  let phone: Device;
  const g = {} as Record<'tg' | 'tgDear' | 'wa' | 'ig', number>;

  const client = (who: Keyed | null) => fiveSim(s.url, who ? who.key : null);
  const balance = async (who: Keyed) =>
    Number((await s.database.db.selectFrom('users').select('balance').where('id', '=', who.id).executeTakeFirstOrThrow()).balance);

  /** The SMS reaches the number's phone, whose SmsForwarder posts it to our webhook (the number in its SIM remark). */
  async function sms(number: string, text: string) {
    const r = await sendSms(s, phone, text, { from: '+79000000777', simInfo: `SIM1_+${number.replace(/^\+/, '')}` });
    expect(r.status, r.text).toBe(200);
  }

  beforeAll(async () => {
    ({ s, sup } = await startHandlerServer(kind, T0));
    a = await keyedCustomer(s, sup, 'five_a', 10);
    b = await keyedCustomer(s, sup, 'five_b', 10);
    poor = await keyedCustomer(s, sup, 'five_poor', 0.5);
    phone = await addDevice(s, sup, { name: '号码池' });
    g.tg = await smsGoods(
      s,
      sup,
      { title: 'Telegram', service: 'tg', price: 1.5, reuse_minutes: 20 },
      Array.from({ length: 10 }, (_, i) => `+7900200${String(i).padStart(4, '0')}`),
    );
    g.tgDear = await smsGoods(s, sup, { title: 'Telegram 优质', service: 'tg', price: 2 }, ['+79003000001']);
    g.wa = await smsGoods(s, sup, { title: 'WhatsApp', service: 'wa', country: 6, price: 0.8 }, ['+6281200000001']);
    g.ig = await smsGoods(s, sup, { title: 'Instagram', service: 'ig', price: 1 }, []);
  });
  afterAll(() => s?.close());

  it("profile: the balance as a number, every field PyFiveSim's model requires before any order; an unknown or missing key is 401", async () => {
    const p = await client(a).profile();
    expect(p).toMatchObject({
      id: a.id,
      email: 'five_a',
      balance: 10,
      rating: 96,
      frozen_balance: 0,
      default_country: { name: 'russia', iso: 'ru', prefix: '+7' },
      default_operator: { name: 'any' },
      did_order: false,
      last_top_idx: 0,
      total_active_orders: 0,
    });
    const none = { country: '', service: '', operator: '', service_id: 0, price: 0 };
    expect([p.last_order, p.last_top_orders]).toEqual([none, [none]]);
    // Typed Go and TypeScript clients declare these as strings: never an object or null.
    const raw = await client(a).get<Record<string, unknown>>('user/profile');
    expect([typeof raw.last_order, typeof raw.last_top_orders, typeof raw.vendor, typeof raw.default_forwarding_number]).toEqual([
      'string',
      'string',
      'string',
      'string',
    ]);
    for (const who of [{ ...a, key: 'sak_nope' }, null]) {
      const e = await refusal(fiveSim(s.url, who ? who.key : null).profile());
      expect(e.status).toBe(401);
    }
  });

  it('buy → SMS → check → finish: RECEIVED with a + phone, the SMS in check and the inbox, FINISHED; the same activation through handler_api.php and 我的API', async () => {
    const c = client(a);
    const order = await c.buy('russia', 'any', 'telegram');
    expect(order).toMatchObject({
      phone: '+79002000000',
      operator: 'any',
      product: 'telegram',
      price: 1.5,
      status: 'RECEIVED',
      sms: null,
      country: 'russia',
      forwarding: false,
      created_at: new Date(T0).toISOString(),
      expires: new Date(T0 + 24 * 3_600_000).toISOString(),
    });
    expect(await balance(a)).toBe(850);
    expect((await handler(s, { api_key: a.key, action: 'getStatus', id: order.id })).body).toBe('STATUS_WAIT_CODE');

    s.clock.advance(5000);
    await sms(order.phone, 'Telegram code: 51820. Do not give this code to anyone');
    const checked = await c.check(order.id);
    expect(checked.status).toBe('RECEIVED');
    expect(checked.sms).toEqual([
      {
        created_at: new Date(T0 + 5000).toISOString(),
        date: new Date(T0 + 5000).toISOString(),
        sender: '+79000000777',
        text: 'Telegram code: 51820. Do not give this code to anyone',
        code: '51820',
      },
    ]);
    expect(await c.inbox(order.id)).toEqual({ Data: checked.sms, Total: 1 });
    expect((await handler(s, { api_key: a.key, action: 'getStatus', id: order.id })).body).toBe('STATUS_OK:51820');

    const done = await c.finish(order.id);
    expect(done).toMatchObject({ id: order.id, status: 'FINISHED' });
    expect((await c.finish(order.id)).status).toBe('FINISHED');
    expect((await handler(s, { api_key: a.key, action: 'getStatus', id: order.id })).body).toBe('STATUS_CANCEL');
    expect((await refusal(c.cancel(order.id))).text).toBe('order expired');

    const links = (await s.post('/api/token/data', {}, a.token)).data;
    expect(links.list.find((l: Record<string, unknown>) => l.id === order.id)).toMatchObject({
      identifier: '+79002000000',
      state: 'finished',
    });
    expect(await balance(a)).toBe(850);
  });

  it('buy → cancel → refund: refused inside the early-cancel window, then CANCELED and paid back with its ledger row', async () => {
    const c = client(a);
    const before = await balance(a);
    const order = await c.buy('russia', 'any', 'telegram');
    expect(await balance(a)).toBe(before - 150);
    const early = await refusal(c.cancel(order.id));
    expect([early.status, early.text, early.type]).toEqual([400, 'early cancel denied', 'text/plain']);
    s.clock.advance(2 * MINUTE);
    expect(await c.cancel(order.id)).toMatchObject({ id: order.id, status: 'CANCELED' });
    expect(await balance(a)).toBe(before);
    expect((await c.cancel(order.id)).status).toBe('CANCELED');
    expect((await refusal(c.finish(order.id))).text).toBe('order expired');
    const refund = await s.database.db
      .selectFrom('ledger')
      .selectAll()
      .where('user_id', '=', a.id)
      .where('type', '=', 'refund')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(Number(refund.amount)).toBe(150);
    expect((await handler(s, { api_key: a.key, action: 'getStatus', id: order.id })).body).toBe('STATUS_CANCEL');
  });

  it('order has sms / order no sms: a cancel after the SMS, a finish before it', async () => {
    const c = client(a);
    const order = await c.buy('russia', 'virtual21', 'telegram');
    expect(order.operator).toBe('any');
    expect((await refusal(c.finish(order.id))).text).toBe('order no sms');
    s.clock.advance(3 * MINUTE);
    await sms(order.phone, 'Telegram code: 77001');
    const e = await refusal(c.cancel(order.id));
    expect([e.status, e.text]).toEqual([400, 'order has sms']);
    expect((await c.check(order.id)).status).toBe('RECEIVED');
    expect((await c.finish(order.id)).status).toBe('FINISHED');
  });

  it('ban ends the activation as status 8 does (a refund without SMS) and it reads BANNED from then on', async () => {
    const c = client(b);
    const order = await c.buy('russia', 'any', 'telegram');
    s.clock.advance(3 * MINUTE);
    expect(await c.ban(order.id)).toMatchObject({ id: order.id, status: 'BANNED' });
    expect(await balance(b)).toBe(1000);
    expect((await c.check(order.id)).status).toBe('BANNED');
    expect((await c.ban(order.id)).status).toBe('BANNED');
    expect((await refusal(c.cancel(order.id))).text).toBe('order expired');
    const link = await s.database.db.selectFrom('tokens').select('state').where('id', '=', order.id).executeTakeFirstOrThrow();
    expect(link.state).toBe('refunded');
    expect((await c.orders({ reverse: 'true' })).Data[0]).toMatchObject({ id: order.id, status: 'BANNED' });
  });

  it("another customer's order is 404 order not found, whatever the call; nothing changes", async () => {
    const order = await client(a).buy('russia', 'any', 'telegram');
    s.clock.advance(3 * MINUTE);
    const before = await s.snapshot();
    const c = client(b);
    for (const call of [c.check, c.finish, c.cancel, c.ban, c.inbox]) {
      const e = await refusal(call(order.id));
      expect([e.status, e.text, e.type]).toEqual([404, 'order not found', 'text/plain']);
    }
    for (const id of [99999, 0]) {
      const e = await refusal(c.check(id));
      expect([e.status, e.text, e.type]).toEqual([404, 'order not found', 'text/plain']);
    }
    expect(await s.snapshot()).toBe(before);
    expect((await client(a).cancel(order.id)).status).toBe('CANCELED');
  });

  it('no free phones, not enough user balance, maxPrice, bad country, no product, bad operator: each word with its status, nothing bought', async () => {
    const before = await s.snapshot();
    const cases: [() => Promise<unknown>, number, string][] = [
      [() => client(a).buy('russia', 'any', 'instagram'), 400, 'no free phones'],
      [() => client(a).buy('england', 'any', 'telegram'), 400, 'no free phones'],
      [() => client(a).buy('russia', 'any', 'telegram', { maxPrice: '1.49' }), 400, 'no free phones'],
      [() => client(a).buy('russia', 'any', 'telegram', { maxPrice: 'cheap' }), 400, 'no free phones'],
      [() => client(poor).buy('russia', 'any', 'telegram'), 400, 'not enough user balance'],
      [() => client(a).buy('atlantis', 'any', 'telegram'), 400, 'bad country'],
      [() => client(a).buy('russia', 'any', 'myspace'), 400, 'no product'],
      [() => client(a).buy('russia', 'bad-op!', 'telegram'), 400, 'bad operator'],
    ];
    for (const [call, status, text] of cases) {
      const e = await refusal(call());
      expect([e.status, e.text, e.type]).toEqual([status, text, 'text/plain']);
    }
    expect(await s.snapshot()).toBe(before);
    // `any` country finds WhatsApp in Indonesia; at its price the limit buys.
    expect(await client(a).buy('any', 'any', 'whatsapp', { maxPrice: '0.8' })).toMatchObject({
      country: 'indonesia',
      price: 0.8,
      phone: '+6281200000001',
    });
    expect((await refusal(client(a).buy('indonesia', 'any', 'whatsapp'))).text).toBe('no free phones');
  });

  it("the orders list: Data, ProductNames, Statuses, Total; paged; reverse for newest first; only the caller's", async () => {
    const all = await client(a).orders({ limit: 100 });
    expect(all.Total).toBe(all.Data.length);
    expect(all.Data.every((o) => o.phone.startsWith('+'))).toBe(true);
    const ids = all.Data.map((o) => o.id);
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const page = await client(a).orders({ limit: 2, offset: 1, reverse: 'true' });
    expect(page.Data.map((o) => o.id)).toEqual([...ids].reverse().slice(1, 3));
    expect(page).toMatchObject({ ProductNames: [], Statuses: [], Total: all.Total });
    expect((await client(a).orders({ category: 'hosting' })).Total).toBe(0);
    expect((await client(b).orders()).Data.every((o) => !ids.includes(o.id))).toBe(true);
  });

  it('reuse: the number of a finished activation again, as a new paid order; refused for a number never bought', async () => {
    const c = client(b);
    const first = await c.buy('russia', 'any', 'telegram');
    s.clock.advance(3 * MINUTE);
    await sms(first.phone, 'Telegram code: 11223');
    await c.finish(first.id);
    const before = await balance(b);
    const again = await c.reuse('telegram', first.phone.slice(1));
    expect(again).toMatchObject({ phone: first.phone, status: 'RECEIVED', product: 'telegram' });
    expect(again.id).not.toBe(first.id);
    expect(await balance(b)).toBe(before - 150);
    expect((await refusal(c.reuse('telegram', '79999999999'))).text).toBe('reuse not possible');
  });

  it("guest countries, products and prices need no key, at the list price, in 5sim's shapes", async () => {
    const guest = fiveSim(s.url, null);
    const countries = await guest.get<Record<string, Record<string, unknown>>>('guest/countries');
    expect(countries.russia).toEqual({ iso: { ru: 1 }, prefix: { '+7': 1 }, text_en: 'Russia', text_ru: 'Россия', any: { activation: 1 } });
    // 5sim's key order: PyFiveSim takes the keys between text_ru and the name it appends as the operators.
    expect(Object.keys(countries.russia)).toEqual(['iso', 'prefix', 'text_en', 'text_ru', 'any']);
    expect((await guest.countries()).find((c) => c.name === 'russia')).toEqual({
      name: 'russia',
      iso: 'ru',
      prefix: '+7',
      text_en: 'Russia',
      text_ru: 'Россия',
      available_operators: ['any'],
    });
    expect(countries.indonesia).toMatchObject({ iso: { id: 1 }, prefix: { '+62': 1 } });
    const products = await guest.get<Record<string, Record<string, unknown>>>('guest/products/russia/any');
    expect(products.telegram).toEqual({ Category: 'activation', Qty: expect.any(Number), Price: 1.5 });
    expect(products.instagram).toEqual({ Category: 'activation', Qty: 0, Price: 1 });
    expect(products.whatsapp).toBeUndefined();
    const prices = await guest.get<Record<string, Record<string, Record<string, unknown>>>>('guest/prices', { product: 'telegram' });
    expect(Object.keys(prices)).toEqual(['russia']);
    expect(prices.russia.telegram.any).toMatchObject({ cost: 1.5 });
    expect((await refusal(guest.get('guest/products/atlantis/any'))).text).toBe('bad country');
  });

  it('the sup renames a product for 5sim (服务名称): the new word buys and is listed, the old one is no product', async () => {
    const r = await s.post('/api/service/add', { service: 'tg', name: 'Telegram', fivesim: 'telegram_cn' }, sup);
    expect(r.code, r.message).toBe(200);
    expect((await refusal(client(a).buy('russia', 'any', 'telegram'))).text).toBe('no product');
    const order = await client(a).buy('russia', 'any', 'telegram_cn');
    expect(order.product).toBe('telegram_cn');
    expect((await client(a).check(order.id)).product).toBe('telegram_cn');
    expect(Object.keys(await fiveSim(s.url, null).get('guest/products/russia/any'))).toContain('telegram_cn');
    // Cleared, the code goes by the built-in word again.
    const cleared = await s.post('/api/service/edit', { id: r.data.id, fivesim: '' }, sup);
    expect(cleared.code, cleared.message).toBe(200);
    expect((await client(a).buy('russia', 'any', 'telegram')).product).toBe('telegram');
  });

  it("profile: did_order, last_order, last_top_orders and total_active_orders from the customer's own activations, read as PyFiveSim reads them", async () => {
    const c = await keyedCustomer(s, sup, 'five_profile', 10);
    const go = await smsGoods(s, sup, { title: 'Google UK', service: 'go', country: 16, price: 0.2 }, ['+447700900001', '+447700900002']);
    const vi = await smsGoods(s, sup, { title: 'Viber', service: 'vi', price: 0.3 }, ['+79004000001']);
    const api = client(c);
    const first = await api.buy('england', 'any', 'google');
    const viber = await api.buy('russia', 'any', 'viber');
    const last = await api.buy('england', 'virtual53', 'google');
    s.clock.advance(2 * MINUTE);
    await api.cancel(viber.id);

    const p = await api.profile();
    expect(p).toMatchObject({ did_order: true, last_top_idx: 0, total_active_orders: 2, balance: 9.6 });
    const google = { country: 'england', service: 'google', operator: 'any', service_id: go, price: 0.2 };
    expect(p.last_order).toEqual(google);
    expect(p.last_top_orders).toEqual([google, { country: 'russia', service: 'viber', operator: 'any', service_id: vi, price: 0.3 }]);
    // Others' live orders are theirs.
    expect((await client(a).profile()).total_active_orders).toBeGreaterThan(0);

    // Still RECEIVED after its SMS, until finished; timed out, the last one is no longer active.
    await sms(last.phone, 'G-583920 is your Google verification code');
    expect((await api.profile()).total_active_orders).toBe(2);
    await api.finish(last.id);
    expect((await api.profile()).total_active_orders).toBe(1);
    s.clock.advance(25 * 60 * MINUTE);
    expect((await api.check(first.id)).status).toBe('TIMEOUT');
    expect(await api.profile()).toMatchObject({ did_order: true, total_active_orders: 0, last_order: google });
  });

  it('the books balance after all of it', async () => {
    await expectBooksBalance(s, sup);
  });
});
