/**
 * Rentals through the protocol (the getRent* family): a number held for hours that keeps every SMS
 * (codes or not) as they come in from a phone running SmsForwarder, pushed to the rental's `url`
 * (a local receiver), extended with continueRentNumber and finished; a cancel early and before any
 * SMS is refunded, later or after an SMS it is CANT_CANCEL. Every answer byte for byte; the books
 * balance after each flow.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectBooksBalance } from '../../helpers/commerce.js';
import { expectJson, expectWord, handler, keyedCustomer, smsGoods } from '../../helpers/handler.js';
import { addDevice, sendSms, type Device } from '../../helpers/intake.js';
import { dbKinds, localTime, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { existingRentPusher } from '../../../server/rentals/push-room.js';

const T0 = Date.UTC(2026, 0, 31, 4, 0, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** An HTTP endpoint that records what is POSTed to it; `failNext` answers 500 that many times first. */
async function receiver() {
  const bodies: string[] = [];
  let failNext = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      if (failNext > 0) {
        failNext -= 1;
        res.writeHead(500).end('busy');
        return;
      }
      bodies.push(`${req.method} ${req.headers['content-type']} ${body}`);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rent-hook`,
    bodies,
    fail(n: number) {
      failNext = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(dbKinds)('rentals on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let phone: Device;
  let hook: Awaited<ReturnType<typeof receiver>>;
  type Keyed = Awaited<ReturnType<typeof keyedCustomer>>;
  let a: Keyed;
  let b: Keyed;
  let poor: Keyed;

  const call = (who: Keyed, params: Record<string, string | number>) => handler(s, { api_key: who.key, ...params });
  const balance = async (who: Keyed) =>
    Number((await s.database.db.selectFrom('users').select('balance').where('id', '=', who.id).executeTakeFirstOrThrow()).balance);
  const endDate = (ms: number) => localTime(ms).replace(' ', 'T');
  const rent = async (who: Keyed, params: Record<string, string | number> = {}) => {
    const r = await call(who, { action: 'getRentNumber', service: 'tg', ...params });
    const parsed = JSON.parse(r.body);
    expect(parsed.status, r.body).toBe('success');
    return { id: parsed.phone.id as number, number: parsed.phone.number as string, answer: r };
  };
  const sms = async (number: string, text: string, from = 'Telegram') => {
    const r = await sendSms(s, phone, text, { simInfo: `SIM1_+${number}`, from });
    expect(r.status, r.text).toBe(200);
  };
  /** A round of the push job that started after this point (the job's own timer may be in a round already), and the POSTs it started ended. */
  const pushes = async () => {
    await s.app.jobs.runNow('rent-push');
    await s.app.jobs.runNow('rent-push');
    await existingRentPusher(s.database)?.settled();
  };

  beforeAll(async () => {
    // The rent url is a receiver on this machine: allowed as private targets are in closed networks.
    s = await startServer(kind, { frozenAt: T0, settings: { sessionTtlMs: 365 * 86_400_000, webhookAllowPrivate: true } as object });
    sup = await s.login(SUP.username, SUP.password);
    hook = await receiver();
    phone = await addDevice(s, sup, { name: '租用号码池' });
    a = await keyedCustomer(s, sup, 'renter_a', 50);
    b = await keyedCustomer(s, sup, 'renter_b', 50);
    poor = await keyedCustomer(s, sup, 'renter_poor', 0.5);
    await smsGoods(
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
      ['79950000001', '79950000002', '79950000003', '79950000004', '79950000005', '79950000006'],
    );
    // Not rentable: never offered for rent.
    await smsGoods(s, sup, { title: 'WhatsApp', service: 'wa', price: 1 }, ['79960000001']);
  });
  afterAll(async () => {
    await hook?.close();
    await s?.close();
  });

  it('getRentServicesAndCountries: the rentable services with the price for rent_time hours', async () => {
    expectJson(
      await call(a, { action: 'getRentServicesAndCountries' }),
      '{"countries":{"0":0},"operators":{"0":"any"},"services":{"tg":{"cost":1,"quant":6}},"currency":840}',
    );
    expectJson(
      await call(a, { action: 'getRentServicesAndCountries', rent_time: 24, country: 0, operator: 'any' }),
      '{"countries":{"0":0},"operators":{"0":"any"},"services":{"tg":{"cost":6,"quant":6}},"currency":840}',
    );
    // Shorter than the product's minimum: nothing to rent for that long.
    expectJson(
      await call(a, { action: 'getRentServicesAndCountries', rent_time: 2 }),
      '{"countries":{"0":0},"operators":{"0":"any"},"services":{},"currency":840}',
    );
  });

  it('a rental of 4 hours: three SMS through SmsForwarder, read newest first, pushed, extended, finished', async () => {
    const before = await balance(a);
    const r = await rent(a, { rent_time: 4, url: hook.url });
    expectJson(r.answer, `{"status":"success","phone":{"id":${r.id},"endDate":"${endDate(T0 + 4 * HOUR)}","number":"${r.number}"}}`);
    expect(await balance(a)).toBe(before - 100);
    expectJson(await call(a, { action: 'getRentStatus', id: r.id }), '{"status":"error","message":"STATUS_WAIT_CODE"}');
    expectJson(await call(a, { action: 'getRentList' }), `{"status":"success","values":{"0":{"id":"${r.id}","phone":"${r.number}"}}}`);

    // The receiver fails the first POST it gets: that SMS is pushed again later.
    hook.fail(1);
    const t1 = s.clock.now() + MINUTE;
    s.clock.advance(MINUTE);
    await sms(r.number, 'Telegram code: 51423. Do not give this code to anyone');
    s.clock.advance(MINUTE);
    // No code in it: a rental keeps it all the same.
    await sms(r.number, '欢迎使用本服务，祝您生活愉快', '10086');
    s.clock.advance(MINUTE);
    await sms(r.number, 'Your login code 88231', 'Telegram');
    const t3 = s.clock.now();

    const status = await call(a, { action: 'getRentStatus', id: r.id });
    expectJson(
      status,
      '{"status":"success","quantity":"3","values":{' +
        `"0":{"phoneFrom":"Telegram","text":"Your login code 88231","service":"tg","date":"${localTime(t3)}"},` +
        `"1":{"phoneFrom":"10086","text":"欢迎使用本服务，祝您生活愉快","service":"tg","date":"${localTime(t1 + MINUTE)}"},` +
        `"2":{"phoneFrom":"Telegram","text":"Telegram code: 51423. Do not give this code to anyone","service":"tg","date":"${localTime(t1)}"}}}`,
    );
    // Pages of the same list.
    expectJson(
      await call(a, { action: 'getRentStatus', id: r.id, page: 1, size: 2 }),
      '{"status":"success","quantity":"3","values":{' +
        `"0":{"phoneFrom":"Telegram","text":"Telegram code: 51423. Do not give this code to anyone","service":"tg","date":"${localTime(t1)}"}}}`,
    );
    // The link's own views keep working: the latest code.
    const link = await s.database.db.selectFrom('tokens').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow();
    expect([link.kind, link.state, Number(link.received), link.last_code]).toEqual(['rent', 'code_received', 3, '88231']);
    const read = await s.get(`/api/code/${link.token}`);
    expect(read.data.code).toBe('88231');

    // Pushed to the url, one POST per SMS; the one that failed is sent again after its wait.
    await pushes();
    expect(hook.bodies).toHaveLength(2);
    s.clock.advance(10_000);
    await pushes();
    const body = (text: string, from: string, at: number) =>
      `POST application/json {"rentId":"${r.id}","sms":{"phoneFrom":"${from}","text":"${text}","date":"${localTime(at)}"}}`;
    expect(hook.bodies.sort()).toEqual(
      [
        body('Telegram code: 51423. Do not give this code to anyone', 'Telegram', t1),
        body('欢迎使用本服务，祝您生活愉快', '10086', t1 + MINUTE),
        body('Your login code 88231', 'Telegram', t3),
      ].sort(),
    );
    const states = await s.database.db
      .selectFrom('rent_pushes')
      .select(['state', 'attempts'])
      .where('token_id', '=', r.id)
      .orderBy('id')
      .execute();
    expect(states.map((p) => p.state)).toEqual(['sent', 'sent', 'sent']);

    // An SMS came: no cancel.
    expectJson(await call(a, { action: 'setRentStatus', id: r.id, status: 2 }), '{"status":"error","message":"CANT_CANCEL"}');

    const mid = await balance(a);
    expectJson(
      await call(a, { action: 'continueRentInfo', id: r.id, hours: 24 }),
      '{"status":"success","price":6,"currency":840,"hours":24}',
    );
    expect(await balance(a)).toBe(mid);
    expectJson(
      await call(a, { action: 'continueRentNumber', id: r.id, rent_time: 24 }),
      `{"status":"success","phone":{"id":${r.id},"endDate":"${endDate(T0 + 28 * HOUR)}","number":"${r.number}"}}`,
    );
    expect(await balance(a)).toBe(mid - 600);
    expectJson(await call(a, { action: 'continueRentNumber', id: r.id, rent_time: 1 }), '{"status":"error","message":"INVALID_TIME"}');
    expectJson(await call(a, { action: 'continueRentNumber', id: r.id, rent_time: 1345 }), '{"status":"error","message":"INVALID_TIME"}');
    await expectBooksBalance(s, sup);

    // Past the first 4 hours, still receiving.
    s.clock.advance(5 * HOUR);
    await sms(r.number, 'Telegram code 60606');
    expect(JSON.parse((await call(a, { action: 'getRentStatus', id: r.id })).body).quantity).toBe('4');

    expectJson(await call(a, { action: 'setRentStatus', id: r.id, status: 1 }), '{"status":"success"}');
    expectJson(await call(a, { action: 'setRentStatus', id: r.id, status: 1 }), '{"status":"error","message":"ALREADY_FINISH"}');
    expectJson(await call(a, { action: 'getRentStatus', id: r.id }), '{"status":"error","message":"STATUS_FINISH"}');
    expectJson(await call(a, { action: 'continueRentNumber', id: r.id, rent_time: 4 }), '{"status":"error","message":"RENT_DIE"}');
    expectJson(await call(a, { action: 'getRentList' }), '{"status":"success","values":{}}');
    // After the end, its number takes nothing more.
    await sms(r.number, 'Telegram code 70707');
    const after = await s.database.db.selectFrom('tokens').select('received').where('id', '=', r.id).executeTakeFirstOrThrow();
    expect(Number(after.received)).toBe(4);
    await expectBooksBalance(s, sup);
  });

  it('a cancel within 20 minutes and before any SMS is refunded; later, or after an SMS, CANT_CANCEL', async () => {
    const before = await balance(b);
    const early = await rent(b, { rent_time: 8 });
    expect(await balance(b)).toBe(before - 200);
    s.clock.advance(19 * MINUTE);
    expectJson(await call(b, { action: 'setRentStatus', id: early.id, status: 2 }), '{"status":"success"}');
    expect(await balance(b)).toBe(before);
    expectJson(await call(b, { action: 'setRentStatus', id: early.id, status: 2 }), '{"status":"error","message":"ALREADY_CANCEL"}');
    expectJson(await call(b, { action: 'setRentStatus', id: early.id, status: 1 }), '{"status":"error","message":"ALREADY_CANCEL"}');
    expectJson(await call(b, { action: 'getRentStatus', id: early.id }), '{"status":"error","message":"STATUS_CANCEL"}');
    await expectBooksBalance(s, sup);

    const late = await rent(b);
    s.clock.advance(20 * MINUTE);
    expectJson(await call(b, { action: 'setRentStatus', id: late.id, status: 2 }), '{"status":"error","message":"CANT_CANCEL"}');

    const heard = await rent(b);
    s.clock.advance(MINUTE);
    await sms(heard.number, '您的验证码 445566');
    expectJson(await call(b, { action: 'setRentStatus', id: heard.id, status: 2 }), '{"status":"error","message":"CANT_CANCEL"}');
    // Neither may the console's 取消 nor the activation protocol's cancel refund a rental (its id is no activation).
    const paid = await balance(b);
    const quiet = await rent(b);
    s.clock.advance(5 * MINUTE);
    expect((await s.post('/api/token/cancel', { id: quiet.id }, b.token)).code).toBe(409);
    expectWord(await call(b, { action: 'setStatus', id: quiet.id, status: 8 }), 'NO_ACTIVATION');
    expect(await balance(b)).toBe(paid - 100);
    expectJson(await call(b, { action: 'setRentStatus', id: quiet.id, status: 2 }), '{"status":"success"}');
    expect(await balance(b)).toBe(paid);
    await expectBooksBalance(s, sup);
  });

  it("refusals in the family's words, nothing bought", async () => {
    const err = (word: string) => `{"status":"error","message":"${word}"}`;
    const before = await s.snapshot();
    expectJson(await call(a, { action: 'getRentNumber', service: 'wa' }), err('BAD_SERVICE'));
    expectJson(await call(a, { action: 'getRentNumber', service: '' }), err('BAD_SERVICE'));
    expectJson(await call(a, { action: 'getRentNumber', service: 'tg', country: 6 }), err('NO_NUMBERS'));
    expectJson(await call(a, { action: 'getRentNumber', service: 'tg', rent_time: 2 }), err('INVALID_TIME'));
    expectJson(await call(a, { action: 'getRentNumber', service: 'tg', rent_time: 721 }), err('INVALID_TIME'));
    expectJson(await call(a, { action: 'getRentNumber', service: 'tg', rent_time: 'x' }), err('INVALID_TIME'));
    expectJson(await call(a, { action: 'getRentNumber', service: 'tg', url: 'ftp://example.com/x' }), err('BAD_URL'));
    expectJson(await call(a, { action: 'getRentNumber', service: 'tg', url: 'file:///etc/passwd' }), err('BAD_URL'));
    expectJson(await call(poor, { action: 'getRentNumber', service: 'tg' }), err('NO_BALANCE'));
    const theirs = (await s.database.db.selectFrom('tokens').select('id').where('user_id', '=', b.id).executeTakeFirstOrThrow()).id;
    for (const action of ['getRentStatus', 'setRentStatus', 'continueRentNumber', 'continueRentInfo']) {
      expectJson(await call(a, { action, id: Number(theirs), status: 1 }), err('NO_ID_RENT'));
      expectJson(await call(a, { action, id: 'abc', status: 1 }), err('NO_ID_RENT'));
    }
    expect(await s.snapshot()).toBe(before);
    const mine = (await s.database.db.selectFrom('tokens').select('id').where('user_id', '=', a.id).executeTakeFirstOrThrow()).id;
    expectJson(await call(a, { action: 'setRentStatus', id: Number(mine), status: 3 }), err('INCORECT_STATUS'));
  });

  it("the console: the SMS list, 续租 (quote, then pay) and 结束, each only for the rental's owner", async () => {
    const r = await rent(a, { rent_time: 4 });
    s.clock.advance(MINUTE);
    await sms(r.number, 'Telegram code 12121');
    await sms(r.number, '没有验证码的通知');
    const list = await s.get(`/api/rent/sms?id=${r.id}`, a.token);
    expect(list.code, list.message).toBe(200);
    expect(list.data.total).toBe(2);
    expect(list.data.list.map((m: Record<string, unknown>) => [m.text, m.code])).toEqual([
      ['没有验证码的通知', null],
      ['Telegram code 12121', '12121'],
    ]);
    expect((await s.get(`/api/rent/sms?id=${r.id}`, b.token)).code).toBe(404);
    expect((await s.get(`/api/rent/sms?id=${r.id}`, sup)).data.total).toBe(2);
    const detail = await s.get(`/api/token/detail?id=${r.id}`, a.token);
    expect([detail.data.kind, detail.data.renewable, detail.data.reusable, detail.data.cancel_at]).toEqual(['rent', false, false, null]);

    const before = await balance(a);
    const ends = Number(
      (await s.database.db.selectFrom('tokens').select('expires_at').where('id', '=', r.id).executeTakeFirstOrThrow()).expires_at,
    );
    const q = await s.post('/api/rent/quote', { id: r.id, hours: 48 }, a.token);
    expect(q.code, q.message).toBe(200);
    expect([q.data.amount, q.data.price_hour, q.data.expires_at, q.data.expires_after]).toEqual([
      12,
      0.25,
      localTime(ends),
      localTime(ends + 48 * HOUR),
    ]);
    // The hours one extension may add: the protocol's least, the product's longest rental at most.
    expect([q.data.min_hours, q.data.max_hours]).toEqual([2, 720]);
    expect(await balance(a)).toBe(before);
    const paid = await s.post('/api/rent/extend', { id: r.id, hours: 48 }, a.token);
    expect(paid.code, paid.message).toBe(200);
    expect(await balance(a)).toBe(before - 1200);
    expect((await s.post('/api/rent/extend', { id: r.id, hours: 48 }, b.token)).code).toBe(404);
    expect((await s.post('/api/rent/extend', { id: r.id, hours: 1 }, a.token)).code).toBe(400);
    // 续费 by days is not a rental's.
    expect((await s.post('/api/token/augment', { id: r.id, days: 1 }, a.token)).code).toBe(400);

    expect((await s.post('/api/rent/finish', { id: r.id }, b.token)).code).toBe(404);
    const done = await s.post('/api/rent/finish', { id: r.id }, a.token);
    expect(done.code, done.message).toBe(200);
    expect((await s.post('/api/rent/finish', { id: r.id }, a.token)).code).toBe(409);
    expect((await s.post('/api/rent/extend', { id: r.id, hours: 4 }, a.token)).code).toBe(409);
    // Its SMS stay readable.
    expect((await s.get(`/api/rent/sms?id=${r.id}`, a.token)).data.total).toBe(2);
    await expectBooksBalance(s, sup);
  });

  it('a number on sale for two products: a rental never takes one another customer waits on, nor a purchase one that is rented', async () => {
    const rentable = await smsGoods(
      s,
      sup,
      { title: 'RX 租用', service: 'rx', price: 1, rentable: true, rent_price_hour: 0.1, rent_min_hours: 4 },
      ['79940000001', '79940000002'],
    );
    await smsGoods(s, sup, { title: 'CX 接码', service: 'cx', price: 1 }, ['79940000001']);
    await smsGoods(s, sup, { title: 'CY 接码', service: 'cy', price: 1 }, ['79940000002']);
    expect(rentable).toBeGreaterThan(0);
    // b waits for a code on ...001 (product CX); a's rental passes that number over.
    const waiting = await call(b, { action: 'getNumber', service: 'cx' });
    expectWord(waiting, /^ACCESS_NUMBER:\d+:79940000001$/);
    const activation = Number(waiting.body.split(':')[1]);
    const rented = await rent(a, { service: 'rx' });
    expect(rented.number).toBe('79940000002');
    // ...002 is rented: product CY has no other number, so none to sell.
    const before = await s.snapshot();
    expectWord(await call(b, { action: 'getNumber', service: 'cy' }), 'NO_NUMBERS');
    expect(await s.snapshot()).toBe(before);

    s.clock.advance(MINUTE);
    await sms('79940000001', 'CX code 31415');
    await sms('79940000002', 'RX code 27182');
    expectWord(await call(b, { action: 'getStatus', id: activation }), 'STATUS_OK:31415');
    const status = JSON.parse((await call(a, { action: 'getRentStatus', id: rented.id })).body);
    expect([status.quantity, status.values['0'].text]).toEqual(['1', 'RX code 27182']);

    // b is done with ...001: now it may be rented, and then b cannot take it again (再次使用).
    expectWord(await call(b, { action: 'setStatus', id: activation, status: 6 }), 'ACCESS_ACTIVATION');
    expectJson(
      await call(b, { action: 'checkExtraActivation', activationId: activation }),
      '{"status":"success","cost":1,"service":"cx","phone":79940000001,"country":0}',
    );
    expect((await rent(a, { service: 'rx' })).number).toBe('79940000001');
    expectWord(await call(b, { action: 'checkExtraActivation', activationId: activation }), 'RENEW_ACTIVATION_NOT_AVAILABLE');
    expectWord(await call(b, { action: 'getExtraActivation', activationId: activation }), 'RENEW_ACTIVATION_NOT_AVAILABLE');
    await expectBooksBalance(s, sup);
  });

  it("a rental is no activation: every activation action refuses its id, the lists leave it out, the console's 完成/重提/再次使用 too", async () => {
    await smsGoods(
      s,
      sup,
      { title: 'RZ 租用', service: 'rz', price: 1, rentable: true, rent_price_hour: 0.1, rent_min_hours: 4, reuse_minutes: 30 },
      ['79940000011'],
    );
    const r = await rent(a, { service: 'rz' });
    s.clock.advance(MINUTE);
    await sms(r.number, 'RZ code 55555');
    const before = await s.snapshot();
    for (const action of ['getStatus', 'getStatusV2', 'getFullSms']) expectWord(await call(a, { action, id: r.id }), 'NO_ACTIVATION');
    for (const status of [1, 3, 6, 8, -1]) expectWord(await call(a, { action: 'setStatus', id: r.id, status }), 'NO_ACTIVATION');
    for (const action of ['checkExtraActivation', 'getExtraActivation']) {
      expectWord(await call(a, { action, activationId: r.id }), 'WRONG_ACTIVATION_ID');
    }
    const active = await call(a, { action: 'getActiveActivations' });
    expect(active.body).not.toContain(`"activationId":"${r.id}"`);
    const history = JSON.parse((await call(a, { action: 'getHistory' })).body) as { id: number }[];
    expect(history.map((h) => h.id)).not.toContain(r.id);
    expect((await s.post('/api/token/finish', { id: r.id }, a.token)).code).toBe(409);
    expect((await s.post('/api/token/reset', { id: r.id }, a.token)).code).toBe(409);
    expect((await s.post('/api/token/reuse', { id: r.id }, a.token)).code).toBe(404);
    expect(await s.snapshot()).toBe(before);
    const link = await s.database.db.selectFrom('tokens').select(['state', 'received']).where('id', '=', r.id).executeTakeFirstOrThrow();
    expect([link.state, Number(link.received)]).toEqual(['code_received', 1]);
    expectJson(await call(a, { action: 'setRentStatus', id: r.id, status: 1 }), '{"status":"success"}');
  });

  it('a cancel within 20 minutes after continueRentNumber refunds the rental and its extension', async () => {
    await smsGoods(s, sup, { title: 'RC 租用', service: 'rc', price: 1, rentable: true, rent_price_hour: 0.1, rent_min_hours: 4 }, [
      '79940000021',
    ]);
    const before = await balance(b);
    const r = await rent(b, { service: 'rc', rent_time: 4 });
    expectJson(
      await call(b, { action: 'continueRentNumber', id: r.id, rent_time: 10 }),
      `{"status":"success","phone":{"id":${r.id},"endDate":"${endDate(s.clock.now() + 14 * HOUR)}","number":"${r.number}"}}`,
    );
    expect(await balance(b)).toBe(before - 140);
    s.clock.advance(10 * MINUTE);
    expectJson(await call(b, { action: 'setRentStatus', id: r.id, status: 2 }), '{"status":"success"}');
    expect(await balance(b)).toBe(before);
    await expectBooksBalance(s, sup);
  });

  it('the rent url is checked when renting: its normalized length, a public (or allowed) address that resolves', async () => {
    const err = (word: string) => `{"status":"error","message":"${word}"}`;
    await smsGoods(s, sup, { title: 'RU 租用', service: 'ru', price: 1, rentable: true, rent_price_hour: 0.1, rent_min_hours: 4 }, [
      '79940000031',
    ]);
    const before = await s.snapshot();
    // 400 characters given, three times as many once percent-encoded: more than can be stored.
    expectJson(await call(a, { action: 'getRentNumber', service: 'ru', url: `http://127.0.0.1/${'é'.repeat(383)}` }), err('BAD_URL'));
    expectJson(await call(a, { action: 'getRentNumber', service: 'ru', url: 'http://169.254.169.254/latest' }), err('BAD_URL'));
    expectJson(await call(a, { action: 'getRentNumber', service: 'ru', url: 'http://rent-hook.invalid/x' }), err('BAD_URL'));
    expect(await s.snapshot()).toBe(before);
  });

  it("a push whose url's name stops resolving is kept and tried again, not given up", async () => {
    const r = await rent(a, { service: 'ru', url: hook.url });
    // Its name stops resolving: the push is kept and tried again, not given up.
    await s.database.db.updateTable('tokens').set({ rent_url: 'http://rent-hook.invalid/x' }).where('id', '=', r.id).execute();
    s.clock.advance(MINUTE);
    await sms(r.number, 'RU code 80808');
    await pushes();
    const push = await s.database.db.selectFrom('rent_pushes').selectAll().where('token_id', '=', r.id).executeTakeFirstOrThrow();
    expect([push.state, Number(push.attempts)]).toEqual(['pending', 1]);
    expect(push.last_error).toContain('无法解析');
    // The name resolves again by the next try.
    await s.database.db.updateTable('rent_pushes').set({ url: hook.url }).where('id', '=', push.id).execute();
    const sent = hook.bodies.length;
    s.clock.advance(10_000);
    await pushes();
    expect(hook.bodies.slice(sent)).toEqual([
      `POST application/json {"rentId":"${r.id}","sms":{"phoneFrom":"Telegram","text":"RU code 80808","date":"${localTime(s.clock.now() - 10_000)}"}}`,
    ]);
  });
});
