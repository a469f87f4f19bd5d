/**
 * Re-use through the protocol (checkExtraActivation / getExtraActivation, the 再次使用此号码 of the
 * console): after an activation completed with its code, the same number again as a new activation
 * that receives a second code; the refusals word by word (SIM_OFFLINE, RENEW_ACTIVATION_NOT_AVAILABLE,
 * WRONG_ACTIVATION_ID, NO_BALANCE) changing nothing. Requests and parsing as the clients that call
 * these actions make them (sms-activate-org: GET, objects and `split(':')`; aiosmsactivate: POST,
 * `id` instead of `activationId`; npm sms-activate: getBalance(true) through getBalanceAndCashBack).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs } from '../../helpers/activate-clients.js';
import { deliver, expectBooksBalance } from '../../helpers/commerce.js';
import { expectJson, expectWord, handlerCalls, keyedCustomer, smsGoods, startHandlerServer, type Keyed } from '../../helpers/handler.js';
import { dbKinds, type TestServer } from '../../helpers/server.js';

const T0 = Date.UTC(2025, 9, 1, 3, 0, 0);
const MINUTE = 60_000;

describe.each(dbKinds)('number re-use through handler_api.php on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let a: Keyed;
  let b: Keyed;
  let next = 79051230001;

  const { call, balance, unchanged } = handlerCalls(() => s);

  /** A product of its own with one number, bought by getNumber, its code received, completed by setStatus 6. */
  async function completed(who: Keyed, goods: Record<string, unknown> = {}) {
    const service = `r${next % 1000}`;
    const phone = String(next++);
    await smsGoods(s, sup, { title: `复用 ${service}`, service, price: 1, reset_limit: 0, receive_limit: 1, ...goods }, [phone]);
    const r = await call(who, { action: 'getNumber', service });
    expectWord(r, new RegExp(`^ACCESS_NUMBER:\\d+:${phone}$`));
    const id = Number(r.body.split(':')[1]);
    await deliver(s, phone, `Your code is 7${next % 100}111`);
    expectWord(await call(who, { action: 'getStatus', id }), `STATUS_OK:7${next % 100}111`);
    expectWord(await call(who, { action: 'setStatus', id, status: 6 }), 'ACCESS_ACTIVATION');
    return { id, phone, service };
  }

  beforeAll(async () => {
    ({ s, sup } = await startHandlerServer(kind, T0));
    a = await keyedCustomer(s, sup, 'reuse_api_a', 10);
    b = await keyedCustomer(s, sup, 'reuse_api_b', 10);
  });
  afterAll(() => s?.close());

  it("a completed activation's number again, as sms-activate-org and aiosmsactivate ask for it, receives a second code", async () => {
    const first = await completed(a);
    s.clock.advance(5 * MINUTE);
    const check = await callAs('org', s.url, { api_key: a.key, action: 'checkExtraActivation', activationId: first.id });
    expect(check.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(check.body).toBe(`{"status":"success","cost":1,"service":"${first.service}","phone":${first.phone},"country":0}`);
    // sms-activate-org resolves with the object itself.
    expect(JSON.parse(check.body)).toMatchObject({ status: 'success', phone: Number(first.phone) });

    const before = await balance(a);
    // aiosmsactivate sends `id`.
    const got = await callAs('aio', s.url, { api_key: a.key, action: 'getExtraActivation', id: first.id });
    expect(got.body).toMatch(/^ACCESS_NUMBER:\d+:\d+$/);
    const [, newId, phone] = got.body.split(':');
    expect(phone).toBe(first.phone);
    expect(Number(newId)).not.toBe(first.id);
    expect(await balance(a)).toBe(before - 100);

    const id = Number(newId);
    expectWord(await call(a, { action: 'getStatus', id }), 'STATUS_WAIT_CODE');
    await deliver(s, phone, 'Your code is 246810');
    expectWord(await call(a, { action: 'getStatus', id }), 'STATUS_OK:246810');
    expectWord(await call(a, { action: 'getFullSms', id }), 'FULL_SMS:Your code is 246810');
    expectWord(await call(a, { action: 'getStatus', id: first.id }), 'STATUS_CANCEL');
    expectWord(await call(a, { action: 'setStatus', id, status: 6 }), 'ACCESS_ACTIVATION');

    // And once more, as sms-activate-org asks (`activationId`), read with its split(':').
    const third = await callAs('org', s.url, { api_key: a.key, action: 'getExtraActivation', activationId: id });
    const parts = third.body.split(':');
    expect([parts[0], parts[2]]).toEqual(['ACCESS_NUMBER', first.phone]);
    const orders = (await s.post('/api/order/data', {}, a.token)).data.list;
    expect(orders.map((o: Record<string, unknown>) => [o.type, o.amount, o.state])).toEqual([
      ['buy', 1, 'paid'],
      ['buy', 1, 'paid'],
      ['buy', 1, 'paid'],
    ]);
    await expectBooksBalance(s, sup);
  });

  it('refusals, word by word, changing nothing', async () => {
    const late = await completed(a, { reuse_minutes: 10 });
    const offline = await completed(a);
    const others = await completed(b);
    const waitingService = `r${next % 1000}`;
    await smsGoods(s, sup, { title: '等待中', service: waitingService, price: 1 }, [String(next++)]);
    const waiting = Number((await call(a, { action: 'getNumber', service: waitingService })).body.split(':')[1]);
    const device = await s.post('/api/device/add', { name: '复用离线机', sim1: offline.phone }, sup);
    expect(device.code, device.message).toBe(200);
    s.clock.advance(s.settings.deviceSilentMs + MINUTE);
    // The offline number's last code is recent: only the silent phone stands in the way.
    await s.database.db
      .updateTable('tokens')
      .set({ last_code_at: s.clock.now() - MINUTE })
      .where('id', '=', offline.id)
      .execute();

    await unchanged(async () => {
      for (const action of ['checkExtraActivation', 'getExtraActivation']) {
        expectWord(await call(a, { action, activationId: late.id }), 'RENEW_ACTIVATION_NOT_AVAILABLE');
        expectWord(await call(a, { action, id: waiting }), 'RENEW_ACTIVATION_NOT_AVAILABLE');
        expectWord(await call(a, { action, activationId: offline.id }), 'SIM_OFFLINE');
        expectWord(await call(a, { action, activationId: others.id }), 'WRONG_ACTIVATION_ID');
        for (const bad of ['x', '0', '2147483648', '']) expectWord(await call(a, { action, activationId: bad }), 'WRONG_ACTIVATION_ID');
        expectWord(await call(a, { action }), 'WRONG_ACTIVATION_ID');
      }
    });
  });

  it('NO_BALANCE when the customer cannot pay for the number again', async () => {
    const poor = await keyedCustomer(s, sup, 'reuse_api_poor', 1);
    const done = await completed(poor);
    expectJson(
      await call(poor, { action: 'checkExtraActivation', activationId: done.id }),
      `{"status":"success","cost":1,"service":"${done.service}","phone":${done.phone},"country":0}`,
    );
    await unchanged(async () => {
      expectWord(await call(poor, { action: 'getExtraActivation', activationId: done.id }), 'NO_BALANCE');
    });
    // npm sms-activate's getBalance(true) asks getBalanceAndCashBack and takes parseInt of the rest.
    const cash = await callAs('npm', s.url, { action: 'getBalanceAndCashBack', api_key: poor.key });
    expect(cash.body).toBe('ACCESS_BALANCE:0.00');
    expect(Number.parseInt(cash.body.split(':')[1], 10)).toBe(0);
    const org = await callAs('org', s.url, { api_key: a.key, action: 'getBalanceAndCashBack' });
    expect(Number.parseFloat(org.body.split(':')[1])).toBe((await balance(a)) / 100);
    await expectBooksBalance(s, sup);
  });
});
