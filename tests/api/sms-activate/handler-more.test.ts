/**
 * The newer actions of `/stubs/handler_api.php`, byte for byte as the clients parse them:
 * getBalanceAndCashBack, getCountries, getServicesList (with the sup's names), getOperators,
 * getTopCountriesByService (its success rate from our own deliveries), getStatusV2, getFullSms,
 * getHistory; getNumber's phoneException and the options accepted and ignored; getNumberV2's orderId
 * sent twice at once. Refusals change nothing; the books balance after each.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, expectBooksBalance } from '../../helpers/commerce.js';
import { expectJson, expectWord, handlerCalls, keyedCustomer, smsGoods, startHandlerServer, type Keyed } from '../../helpers/handler.js';
import { dbKinds, localTime, type TestServer } from '../../helpers/server.js';

const T0 = Date.UTC(2025, 8, 1, 4, 0, 0);
const MINUTE = 60_000;
const DAY_S = 86_400;

describe.each(dbKinds)('handler_api.php, newer actions, on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let a: Keyed;
  let b: Keyed;
  const g = {} as Record<'tg' | 'kz' | 'wa' | 'zz' | 'mail', number>;

  const { call, bought, balance, unchanged } = handlerCalls(() => s);

  beforeAll(async () => {
    ({ s, sup } = await startHandlerServer(kind, T0));
    a = await keyedCustomer(s, sup, 'more_a', 10);
    b = await keyedCustomer(s, sup, 'more_b', 10);
    g.tg = await smsGoods(s, sup, { title: 'Telegram', service: 'tg', price: 1.5, reset_limit: 1 }, [
      '79181110001',
      '79181110002',
      '79001110001',
      '79001110002',
      '79001110003',
      '79001110004',
    ]);
    g.kz = await smsGoods(s, sup, { title: 'Telegram 哈萨克斯坦', service: 'tg', country: 2, price: 2, reset_limit: 0 }, [
      '77011110001',
      '77011110002',
      '77011110003',
      '77011110004',
    ]);
    // Also rented out: its country says rent 1 in getCountries.
    g.wa = await smsGoods(
      s,
      sup,
      { title: 'WhatsApp', service: 'wa', country: 6, price: 0.8, reset_limit: 0, rentable: true, rent_price_hour: 0.2 },
      ['6281200000001'],
    );
    g.zz = await smsGoods(s, sup, { title: '小众服务', service: 'zz', price: 1 }, []);
    g.mail = await smsGoods(s, sup, { title: 'Gmail 邮箱', channel: 'mail', service: 'gm', price: 1 }, ['box1@mail.test']);
    await smsGoods(s, sup, { title: 'VK 已下架', service: 'vk', country: 9, price: 1, on_sale: false }, ['79000000001']);
    // Customer a pays 80% of the list price for Telegram in country 0.
    expect((await s.post('/api/discount/add', { user_id: a.id, goods_id: g.tg, rate: 0.8 }, sup)).code).toBe(200);
  });
  afterAll(() => s?.close());

  it('getBalanceAndCashBack: ACCESS_BALANCE with two decimals', async () => {
    expectWord(await call(a, { action: 'getBalanceAndCashBack' }), 'ACCESS_BALANCE:10.00');
  });

  it('getCountries: the countries on sale, keyed by number, names in three languages, 0/1 flags (rent: a product there is rented out)', async () => {
    expectJson(
      await call(a, { action: 'getCountries' }),
      '{"0":{"id":0,"rus":"Россия","eng":"Russia","chn":"俄罗斯","visible":1,"retry":1,"rent":0,"multiService":0},' +
        '"2":{"id":2,"rus":"Казахстан","eng":"Kazakhstan","chn":"哈萨克斯坦","visible":1,"retry":0,"rent":0,"multiService":0},' +
        '"6":{"id":6,"rus":"Индонезия","eng":"Indonesia","chn":"印度尼西亚","visible":1,"retry":0,"rent":1,"multiService":0}}',
    );
  });

  it('getServicesList: the services on sale, English or Chinese (lang=cn); the sup names a service once for all its products', async () => {
    expectJson(
      await call(a, { action: 'getServicesList' }),
      '{"status":"success","services":[{"code":"tg","name":"Telegram"},{"code":"wa","name":"WhatsApp"},{"code":"zz","name":"zz"}]}',
    );
    expectJson(
      await call(a, { action: 'getServicesList', lang: 'cn' }),
      '{"status":"success","services":[{"code":"tg","name":"电报"},{"code":"wa","name":"WhatsApp"},{"code":"zz","name":"zz"}]}',
    );
    expectJson(
      await call(a, { action: 'getServicesList', country: 6, lang: 'ru' }),
      '{"status":"success","services":[{"code":"wa","name":"WhatsApp"}]}',
    );
    expectJson(await call(a, { action: 'getServicesList', country: 'ru' }), '{"status":"success","services":[]}');

    const added = await s.post('/api/service/add', { service: 'zz', name: ' Zeta Chat ', name_cn: '泽塔' }, sup);
    expect(added.code, added.message).toBe(200);
    expect(added.data).toMatchObject({ service: 'zz', name: 'Zeta Chat', name_cn: '泽塔' });
    const wa = await s.post('/api/service/add', { service: 'wa', name: 'WhatsApp Business' }, sup);
    expect(wa.code, wa.message).toBe(200);
    const again = await s.post('/api/service/add', { service: 'zz', name: 'Other' }, sup);
    expect([again.code, again.message]).toEqual([409, '服务代码 zz 已设置过名称，请编辑原有记录']);
    expect((await s.post('/api/service/add', { service: 'tg', name: 'TG' }, a.token)).code).toBe(403);
    expectJson(
      await call(b, { action: 'getServicesList', lang: 'en' }),
      '{"status":"success","services":[{"code":"tg","name":"Telegram"},{"code":"wa","name":"WhatsApp Business"},{"code":"zz","name":"Zeta Chat"}]}',
    );
    // No Chinese name set: the English one.
    expectJson(
      await call(b, { action: 'getServicesList', lang: 'cn' }),
      '{"status":"success","services":[{"code":"tg","name":"电报"},{"code":"wa","name":"WhatsApp Business"},{"code":"zz","name":"泽塔"}]}',
    );
    const list = await s.post('/api/service/data', {}, sup);
    expect(list.data.list.map((r: Record<string, unknown>) => r.service)).toEqual(['wa', 'zz']);
  });

  it('getOperators: "any" for each country on sale (that one when asked); OPERATORS_NOT_FOUND elsewhere', async () => {
    expectJson(await call(a, { action: 'getOperators' }), '{"status":"success","countryOperators":{"0":["any"],"2":["any"],"6":["any"]}}');
    expectJson(await call(a, { action: 'getOperators', country: 6 }), '{"status":"success","countryOperators":{"6":["any"]}}');
    for (const country of [9, 99, 'ru']) expectWord(await call(a, { action: 'getOperators', country }), 'OPERATORS_NOT_FOUND');
  });

  it("getTopCountriesByService: count, this customer's price, the list price and the success rate of our own deliveries, ranked", async () => {
    expectJson(
      await call(a, { action: 'getTopCountriesByService', service: 'tg', freePrice: 'true' }),
      '{"0":{"country":0,"count":6,"price":1.2,"retail_price":1.5,"rate":null},"1":{"country":2,"count":4,"price":2,"retail_price":2,"rate":null}}',
    );
    // In Kazakhstan one activation gets its code, one is cancelled without: 50%, ranked above a country without data.
    const done = await bought(b, { service: 'tg', country: 2 });
    const cancelled = await bought(b, { service: 'tg', country: 2 });
    await deliver(s, done.phone, 'Telegram code 55231');
    expectWord(await call(b, { action: 'setStatus', id: done.id, status: 6 }), 'ACCESS_ACTIVATION');
    s.clock.advance(2 * MINUTE);
    expectWord(await call(b, { action: 'setStatus', id: cancelled.id, status: 8 }), 'ACCESS_CANCEL');
    expectJson(
      await call(b, { action: 'getTopCountriesByService', service: 'tg' }),
      '{"0":{"country":2,"count":2,"price":2,"retail_price":2,"rate":50},"1":{"country":0,"count":6,"price":1.5,"retail_price":1.5,"rate":null}}',
    );
    await unchanged(async () => {
      for (const service of ['', 'gm', 'vk', 'nope'])
        expectWord(await call(b, { action: 'getTopCountriesByService', service }), 'BAD_SERVICE');
      expectWord(await call(b, { action: 'getTopCountriesByService' }), 'BAD_SERVICE');
    });
    await expectBooksBalance(s, sup);
  });

  it('getStatusV2 and getFullSms through an activation: waiting, the code with its whole SMS, another code, ended', async () => {
    const { id, phone } = await bought(b, { service: 'tg' });
    expect(phone).toBe('79181110001');
    expectJson(await call(b, { action: 'getStatusV2', id }), '{"verificationType":0,"sms":null,"call":null}');
    expectWord(await call(b, { action: 'getFullSms', id }), 'STATUS_WAIT_CODE');
    s.clock.advance(MINUTE);
    const text = 'Telegram code: 482913. Do not give it to anyone: not even to us';
    await deliver(s, phone, text);
    expectWord(await call(b, { action: 'getStatus', id }), 'STATUS_OK:482913');
    expectJson(
      await call(b, { action: 'getStatusV2', id }),
      `{"verificationType":0,"sms":{"dateTime":"${localTime(s.clock.now())}","code":"482913","text":${JSON.stringify(text)}},"call":null}`,
    );
    const full = await call(b, { action: 'getFullSms', id });
    expectWord(full, `FULL_SMS:${text}`);
    // The official Java client splits at the first colon only.
    expect(full.body.slice(full.body.indexOf(':') + 1)).toBe(text);

    expectWord(await call(b, { action: 'setStatus', id, status: 3 }), 'ACCESS_RETRY_GET');
    expectJson(await call(b, { action: 'getStatusV2', id }), '{"verificationType":0,"sms":null,"call":null}');
    expectWord(await call(b, { action: 'getFullSms', id }), 'STATUS_WAIT_CODE');
    expectWord(await call(b, { action: 'setStatus', id, status: 6 }), 'ACCESS_ACTIVATION');
    expectWord(await call(b, { action: 'getStatusV2', id }), 'STATUS_CANCEL');
    expectWord(await call(b, { action: 'getFullSms', id }), 'STATUS_CANCEL');
    await unchanged(async () => {
      for (const action of ['getStatusV2', 'getFullSms']) {
        expectWord(await call(a, { action, id }), 'NO_ACTIVATION');
        for (const bad of ['x', '0', '-1', '2147483648']) expectWord(await call(b, { action, id: bad }), 'NO_ACTIVATION');
        expectWord(await call(b, { action }), 'NO_ACTIVATION');
      }
    });
  });

  it("getHistory: this customer's activations newest first, within 30 days, at most 100; WRONG_DATE otherwise", async () => {
    const links = await s.database.db
      .selectFrom('tokens')
      .select(['id', 'identifier', 'create_at'])
      .where('user_id', '=', b.id)
      .orderBy('id', 'desc')
      .execute();
    expect(links).toHaveLength(3);
    const [tg, cancelled, done] = links;
    const at = (l: { create_at: number }) => localTime(Number(l.create_at));
    const rows = [
      `{"id":${tg.id},"date":"${at(tg)}","phone":"79181110001","sms":${JSON.stringify(JSON.stringify(['Telegram code: 482913. Do not give it to anyone: not even to us']))},"cost":1.5,"status":"6","currency":840}`,
      `{"id":${cancelled.id},"date":"${at(cancelled)}","phone":"${cancelled.identifier.replace('+', '')}","sms":"[]","cost":2,"status":"8","currency":840}`,
      `{"id":${done.id},"date":"${at(done)}","phone":"${done.identifier.replace('+', '')}","sms":"[\\"Telegram code 55231\\"]","cost":2,"status":"6","currency":840}`,
    ];
    expectJson(await call(b, { action: 'getHistory' }), `[${rows.join(',')}]`);
    const now = Math.floor(s.clock.now() / 1000);
    expectJson(await call(b, { action: 'getHistory', start: now - 30 * DAY_S, end: now, limit: 1 }), `[${rows[0]}]`);
    expectJson(await call(b, { action: 'getHistory', offset: 1, limit: 500 }), `[${rows[1]},${rows[2]}]`);
    expectJson(await call(b, { action: 'getHistory', start: Math.floor(T0 / 1000) - 2 * DAY_S, end: Math.floor(T0 / 1000) - 1 }), '[]');
    // Only the buyer's own.
    expectJson(await call(a, { action: 'getHistory' }), '[]');
    await unchanged(async () => {
      const windows: Record<string, string | number>[] = [
        { start: 'yesterday' },
        { end: '-5' },
        { start: now + 10, end: now },
        { start: now - 30 * DAY_S - 1, end: now },
        { start: 1.5 },
        { start: now - 31 * DAY_S },
      ];
      for (const dates of windows) {
        expectWord(await call(b, { action: 'getHistory', ...dates }), 'WRONG_DATE');
      }
    });
  });

  it('getNumber passes over the prefixes of phoneException; WRONG_EXCEPTION_PHONE for a malformed list; the other options are accepted', async () => {
    const before = await balance(a);
    // 79181110002 is the oldest number left; the customer never wants 7918….
    const first = await bought(a, { service: 'tg', phoneException: '7918,79991' });
    expect(first.phone).toBe('79001110001');
    const second = await bought(a, {
      service: 'tg',
      phoneException: '+7918',
      operator: 'mts,beeline',
      ref: 'r1',
      userId: 'bot-user-7',
      activationType: 0,
      useCashBack: 'true',
    });
    expect(second.phone).toBe('79001110002');
    expect(await balance(a)).toBe(before - 2 * 120);
    await unchanged(async () => {
      for (const phoneException of ['abc', '79', '7918,x', '7918;7900', '7'.repeat(10)]) {
        expectWord(await call(a, { action: 'getNumber', service: 'tg', phoneException }), 'WRONG_EXCEPTION_PHONE');
      }
      expectWord(await call(a, { action: 'getNumber', service: 'tg', phoneException: '7918,7900' }), 'NO_NUMBERS');
      expectWord(await call(a, { action: 'getNumber', service: 'wa', country: 6, phoneException: '6281' }), 'NO_NUMBERS');
    });
    // Without the exception the oldest number goes first.
    expect((await bought(a, { service: 'tg' })).phone).toBe('79181110002');
    await expectBooksBalance(s, sup);
  });

  it('getNumberV2 with one orderId sent twice at once: one activation, one debit, the other ORDER_ALREADY_EXISTS', async () => {
    const before = await balance(b);
    const links = async () => (await s.database.db.selectFrom('tokens').select('id').where('user_id', '=', b.id).execute()).length;
    const count = await links();
    const answers = await Promise.all([1, 2].map(() => call(b, { action: 'getNumberV2', service: 'tg', orderId: 'race-17' })));
    const words = answers.map((r) => r.body).sort();
    expect(words).toEqual(['ORDER_ALREADY_EXISTS', expect.stringMatching(/^\{"activationId":\d+,/)]);
    const json = answers.find((r) => r.body !== 'ORDER_ALREADY_EXISTS')!;
    expect(JSON.parse(json.body)).toMatchObject({ phoneNumber: '79001110003', activationCost: 1.5, countryCode: '0' });
    expect(await links()).toBe(count + 1);
    expect(await balance(b)).toBe(before - 150);
    const orders = await s.database.db
      .selectFrom('ledger')
      .select('amount')
      .where('user_id', '=', b.id)
      .where('type', '=', 'order')
      .execute();
    expect(orders.filter((o) => Number(o.amount) === -150)).toHaveLength(2);
    await unchanged(async () => {
      expectWord(await call(b, { action: 'getNumberV2', service: 'tg', orderId: 'race-17' }), 'ORDER_ALREADY_EXISTS');
      // Also when the service could not sell now.
      expectWord(await call(b, { action: 'getNumberV2', service: 'nope', orderId: 'race-17' }), 'ORDER_ALREADY_EXISTS');
    });
    await expectBooksBalance(s, sup);
  });

  it('an orderId claimed long ago by a purchase still running (or stopped midway) is never taken over: ORDER_ALREADY_EXISTS', async () => {
    // The claim a first call made before its upstream tries, ten minutes ago, still without its activation.
    await s.database.db
      .insertInto('api_orders')
      .values({ user_id: b.id, order_key: 'slow-18', token_id: null, create_at: s.clock.now() - 10 * 60_000 })
      .execute();
    await unchanged(async () => {
      expectWord(await call(b, { action: 'getNumberV2', service: 'tg', orderId: 'slow-18' }), 'ORDER_ALREADY_EXISTS');
    });
  });
});
