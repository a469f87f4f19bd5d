/**
 * `/stubs/handler_api.php`, action by action and word by word, against the real server: every
 * answer HTTP 200, exactly the protocol's bytes (text/plain words, JSON with its own type), no
 * trailing newline; refusals change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver } from '../../helpers/commerce.js';
import {
  expectJson,
  expectWord,
  handler,
  handlerCalls,
  keyedCustomer,
  smsGoods,
  startHandlerServer,
  type Keyed,
} from '../../helpers/handler.js';
import { dbKinds, localTime, type TestServer } from '../../helpers/server.js';

const T0 = Date.UTC(2025, 5, 1, 4, 0, 0);
const MINUTE = 60_000;

describe.each(dbKinds)('handler_api.php on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let a: Keyed;
  let b: Keyed;
  let poor: Keyed;
  const g = {} as Record<'tg' | 'tgDear' | 'wa' | 'waDear' | 'mail' | 'off' | 'ig', number>;

  const { call, bought, balance, unchanged } = handlerCalls(() => s);
  const link = (id: number) => s.database.db.selectFrom('tokens').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    ({ s, sup } = await startHandlerServer(kind, T0));
    a = await keyedCustomer(s, sup, 'buyer_a', 10);
    b = await keyedCustomer(s, sup, 'buyer_b', 10);
    poor = await keyedCustomer(s, sup, 'poor_p', 0.5);
    g.tg = await smsGoods(
      s,
      sup,
      { title: 'Telegram', service: 'tg', price: 1.5, reset_limit: 2 },
      Array.from({ length: 30 }, (_, i) => `+86138000000${String(i + 1).padStart(2, '0')}`),
    );
    g.tgDear = await smsGoods(s, sup, { title: 'Telegram 优质', service: 'tg', price: 2 }, ['8613900000001', '8613900000002']);
    g.wa = await smsGoods(s, sup, { title: 'WhatsApp', service: 'wa', country: 6, price: 0.8, reset_limit: 0 }, [
      '6281200000001',
      '6281200000002',
    ]);
    g.waDear = await smsGoods(s, sup, { title: 'WhatsApp 备用', service: 'wa', country: 6, price: 0.9, reset_limit: 0 }, ['6281200000003']);
    g.mail = await smsGoods(s, sup, { title: 'Gmail 邮箱', channel: 'mail', service: 'gm', price: 1 }, ['box1@mail.test']);
    g.off = await smsGoods(s, sup, { title: 'VK 已下架', service: 'vk', price: 1, on_sale: false }, ['79000000001']);
    g.ig = await smsGoods(s, sup, { title: 'Instagram', service: 'ig', price: 1 }, []);
    expect((await s.post('/api/discount/add', { user_id: a.id, goods_id: g.tg, rate: 0.9 }, sup)).code).toBe(200);
  });
  afterAll(() => s?.close());

  it('getBalance: ACCESS_BALANCE with two decimals', async () => {
    expectWord(await call(a, { action: 'getBalance' }), 'ACCESS_BALANCE:10.00');
    expectWord(await call(poor, { action: 'getBalance' }), 'ACCESS_BALANCE:0.50');
  });

  it('getNumber buys the cheapest product for this customer through the store: ACCESS_NUMBER:<link id>:<digits>', async () => {
    const { id, phone } = await bought(a);
    expect(phone).toBe('8613800000001');
    const t = await link(id);
    expect(t).toMatchObject({ user_id: a.id, goods_id: g.tg, identifier: '+8613800000001', state: 'active' });
    const order = await s.database.db.selectFrom('orders').selectAll().where('id', '=', t.order_id).executeTakeFirstOrThrow();
    expect(order).toMatchObject({ user_id: a.id, type: 'buy', quantity: 1, unit_price: 135, amount: 135, rate: 90 });
    expect(await balance(a)).toBe(865);
    // The customer without a discount pays the product's price.
    expect((await bought(b)).id).toBe(id + 1);
    expect(await balance(b)).toBe(850);
  });

  it('maxPrice below the lowest price: WRONG_MAX_PRICE:<lowest>; at or above it (or as max_price) it buys', async () => {
    await unchanged(async () => {
      expectWord(await call(a, { action: 'getNumber', service: 'tg', maxPrice: '1.34' }), 'WRONG_MAX_PRICE:1.35');
      expectWord(await call(a, { action: 'getNumber', service: 'tg', maxPrice: '1.349' }), 'WRONG_MAX_PRICE:1.35');
      expectWord(await call(a, { action: 'getNumber', service: 'tg', maxPrice: 'cheap' }), 'WRONG_MAX_PRICE:1.35');
      expectWord(await call(b, { action: 'getNumber', service: 'tg', max_price: '1' }), 'WRONG_MAX_PRICE:1.50');
      expectWord(await call(b, { action: 'getNumber', service: 'wa', country: 6, maxPrice: '0.5' }), 'WRONG_MAX_PRICE:0.80');
    });
    await bought(a, { service: 'tg', maxPrice: '1.35' });
    await bought(a, { service: 'tg', max_price: '1.4' });
    expect(await balance(a)).toBe(865 - 2 * 135);
  });

  it('BAD_SERVICE for a service not sold by SMS; NO_NUMBERS where no product has numbers', async () => {
    await unchanged(async () => {
      for (const service of ['gm', 'vk', 'nope', '']) expectWord(await call(a, { action: 'getNumber', service }), 'BAD_SERVICE');
      expectWord(await call(a, { action: 'getNumber' }), 'BAD_SERVICE');
      expectWord(await call(a, { action: 'getNumber', service: 'ig' }), 'NO_NUMBERS');
      expectWord(await call(a, { action: 'getNumber', service: 'tg', country: 6 }), 'NO_NUMBERS');
      expectWord(await call(a, { action: 'getNumber', service: 'wa' }), 'NO_NUMBERS');
      expectWord(await call(a, { action: 'getNumber', service: 'wa', country: 'id' }), 'NO_NUMBERS');
    });
  });

  it('NO_BALANCE when the balance does not cover the price, and nothing is bought', async () => {
    await call(poor, { action: 'getBalance' });
    await unchanged(async () => {
      expectWord(await call(poor, { action: 'getNumber', service: 'tg' }), 'NO_BALANCE');
    });
  });

  it('a HEAD request (a link preview of a pasted URL) buys nothing', async () => {
    await unchanged(async () => {
      const head = await fetch(`${s.url}/stubs/handler_api.php?api_key=${a.key}&action=getNumber&service=tg`, { method: 'HEAD' });
      expect(head.status).toBe(404);
    });
  });

  it('the next product takes over when the cheapest is sold out; then NO_NUMBERS', async () => {
    const first = await bought(b, { service: 'wa', country: 6 });
    const second = await bought(b, { service: 'wa', country: 6 });
    const third = await bought(b, { service: 'wa', country: 6 });
    expect([first.phone, second.phone, third.phone]).toEqual(['6281200000001', '6281200000002', '6281200000003']);
    expect((await link(third.id)).goods_id).toBe(g.waDear);
    await unchanged(async () => {
      expectWord(await call(b, { action: 'getNumber', service: 'wa', country: 6 }), 'NO_NUMBERS');
    });
  });

  it('getNumberV2: the official JSON with all its fields; an orderId buys once (ORDER_ALREADY_EXISTS)', async () => {
    const r = await call(b, { action: 'getNumberV2', service: 'tg', country: 0, orderId: 'bot-order-1' });
    const id = JSON.parse(r.body).activationId as number;
    const t = await link(id);
    expect(t.user_id).toBe(b.id);
    expectJson(
      r,
      `{"activationId":${id},"phoneNumber":"${t.identifier.replace('+', '')}","activationCost":1.5,"currency":840,` +
        `"countryCode":"0","canGetAnotherSms":"1","activationTime":"${localTime(T0)}","activationOperator":"any"}`,
    );
    await unchanged(async () => {
      expectWord(await call(b, { action: 'getNumberV2', service: 'tg', orderId: 'bot-order-1' }), 'ORDER_ALREADY_EXISTS');
    });
    // Another customer's order ids are their own; a refused purchase leaves its id free.
    expectWord(await call(poor, { action: 'getNumberV2', service: 'tg', orderId: 'bot-order-1' }), 'NO_BALANCE');
    expect(await s.database.db.selectFrom('api_orders').selectAll().where('user_id', '=', poor.id).execute()).toEqual([]);
    const wa = await call(b, { action: 'getNumberV2', service: 'wa', country: 6 });
    expectWord(wa, 'NO_NUMBERS');
  });

  it('getStatus and setStatus through a whole activation: wait, code, another code, complete', async () => {
    const { id } = await bought(a);
    const number = (await link(id)).identifier;
    expectWord(await call(a, { action: 'getStatus', id }), 'STATUS_WAIT_CODE');
    expectWord(await call(a, { action: 'setStatus', id, status: 1 }), 'ACCESS_READY');
    expectWord(await call(a, { action: 'setStatus', id, status: 3 }), 'BAD_STATUS');
    s.clock.advance(1000);
    await deliver(s, number, '【Telegram】您的验证码是 482913，请勿泄露');
    expectWord(await call(a, { action: 'getStatus', id }), 'STATUS_OK:482913');

    expectWord(await call(a, { action: 'setStatus', id, status: 3 }), 'ACCESS_RETRY_GET');
    expectWord(await call(a, { action: 'getStatus', id }), 'STATUS_WAIT_RETRY:482913');
    expectWord(await call(a, { action: 'setStatus', id, status: 3 }), 'BAD_STATUS');
    s.clock.advance(1000);
    await deliver(s, number, 'Telegram code 771204');
    expectWord(await call(a, { action: 'getStatus', id }), 'STATUS_OK:771204');
    expectWord(await call(a, { action: 'setStatus', id, status: 3 }), 'ACCESS_RETRY_GET');
    s.clock.advance(1000);
    await deliver(s, number, 'Telegram code 550066');
    expectWord(await call(a, { action: 'getStatus', id }), 'STATUS_OK:550066');
    // The product allows 2 resets.
    await unchanged(async () => {
      expectWord(await call(a, { action: 'setStatus', id, status: 3 }), 'BAD_STATUS');
    });

    expectWord(await call(a, { action: 'setStatus', id, status: 6 }), 'ACCESS_ACTIVATION');
    expectWord(await call(a, { action: 'getStatus', id }), 'STATUS_CANCEL');
    await unchanged(async () => {
      expectWord(await call(a, { action: 'setStatus', id, status: 6 }), 'ACCESS_ACTIVATION');
      for (const status of [1, 3]) expectWord(await call(a, { action: 'setStatus', id, status }), 'BAD_STATUS');
    });
    const t = await link(id);
    expect(t).toMatchObject({ state: 'finished', resets: 2, code_count: 3 });
    const item = await s.database.db.selectFrom('stock_items').select('state').where('token_id', '=', id).executeTakeFirstOrThrow();
    expect(item.state).toBe('expired');
    // 我的API shows it as finished, its code records are there.
    const mine = await s.get(`/api/token/detail?id=${id}`, a.token);
    expect(mine.data).toMatchObject({ state: 'finished', last_code: '550066' });
    const records = await s.post('/api/record/data', { token_id: id }, a.token);
    expect(records.data.list.map((r: { code: string }) => r.code).sort()).toEqual(['482913', '550066', '771204']);
  });

  it('setStatus refuses what a link cannot take: BAD_STATUS, nothing changes', async () => {
    const { id } = await bought(a);
    await unchanged(async () => {
      for (const status of [6, 3, 2, 0, 7, 'abc', '', '8x']) expectWord(await call(a, { action: 'setStatus', id, status }), 'BAD_STATUS');
      expectWord(await call(a, { action: 'setStatus', id }), 'BAD_STATUS');
    });
  });

  it('cancel: EARLY_CANCEL_DENIED for 2 minutes, then ACCESS_CANCEL with the refund; a repeat refunds nothing', async () => {
    const { id } = await bought(a);
    const paid = await balance(a);
    await unchanged(async () => {
      expectWord(await call(a, { action: 'setStatus', id, status: 8 }), 'EARLY_CANCEL_DENIED');
      s.clock.advance(2 * MINUTE - 1);
      expectWord(await call(a, { action: 'setStatus', id, status: -1 }), 'EARLY_CANCEL_DENIED');
    });
    s.clock.advance(1);
    expectWord(await call(a, { action: 'setStatus', id, status: 8 }), 'ACCESS_CANCEL');
    expect(await balance(a)).toBe(paid + 135);
    expect(await link(id)).toMatchObject({ state: 'refunded' });
    expectWord(await call(a, { action: 'getStatus', id }), 'STATUS_CANCEL');
    const refunds = await s.database.db.selectFrom('ledger').selectAll().where('user_id', '=', a.id).where('type', '=', 'refund').execute();
    expect(refunds.filter((r) => r.ref_type === 'token' && Number(r.ref_id) === id)).toHaveLength(1);
    await unchanged(async () => {
      expectWord(await call(a, { action: 'setStatus', id, status: 8 }), 'ACCESS_CANCEL');
      expectWord(await call(a, { action: 'setStatus', id, status: -1 }), 'ACCESS_CANCEL');
      for (const status of [1, 3, 6]) expectWord(await call(a, { action: 'setStatus', id, status }), 'BAD_STATUS');
    });

    // The legacy -1 cancels too.
    const other = await bought(a);
    s.clock.advance(2 * MINUTE);
    expectWord(await call(a, { action: 'setStatus', id: other.id, status: -1 }), 'ACCESS_CANCEL');
    expect(await link(other.id)).toMatchObject({ state: 'refunded' });
  });

  it('cancel after a code ends the link without a refund', async () => {
    const { id } = await bought(a);
    const paid = await balance(a);
    s.clock.advance(1000);
    await deliver(s, (await link(id)).identifier, '验证码 909090');
    expectWord(await call(a, { action: 'setStatus', id, status: 8 }), 'ACCESS_CANCEL');
    expect(await link(id)).toMatchObject({ state: 'finished' });
    expect(await balance(a)).toBe(paid);
    expectWord(await call(a, { action: 'getStatus', id }), 'STATUS_CANCEL');
  });

  it("NO_ACTIVATION for ids that are missing, malformed or another customer's; nothing changes", async () => {
    const { id } = await bought(a);
    await call(b, { action: 'getBalance' });
    await unchanged(async () => {
      expectWord(await call(b, { action: 'getStatus', id }), 'NO_ACTIVATION');
      for (const status of [1, 3, 6, 8, -1, 99]) expectWord(await call(b, { action: 'setStatus', id, status }), 'NO_ACTIVATION');
      for (const bad of ['', 'abc', '0', '-5', '1.5', '2147483648', '99999999', `${id} `.repeat(3)]) {
        expectWord(await call(a, { action: 'getStatus', id: bad }), 'NO_ACTIVATION');
        expectWord(await call(a, { action: 'setStatus', id: bad, status: 8 }), 'NO_ACTIVATION');
      }
      expectWord(await call(a, { action: 'getStatus' }), 'NO_ACTIVATION');
    });
    expectWord(await call(a, { action: 'getStatus', id }), 'STATUS_WAIT_CODE');
  });

  it('a code never carries a colon or whitespace into STATUS_OK', async () => {
    const { id } = await bought(b);
    // No intake path extracts such a code today; the answer must stay splittable whatever a code holds.
    await s.database.db
      .updateTable('tokens')
      .set({ last_code: 'AB:12 34', state: 'code_received', code_count: 1 })
      .where('id', '=', id)
      .execute();
    expectWord(await call(b, { action: 'getStatus', id }), 'STATUS_OK:AB1234');
  });

  it('getActiveActivations: the live SMS links in the official shape; NO_ACTIVATIONS when none', async () => {
    const c = await keyedCustomer(s, sup, 'buyer_c', 5);
    expectWord(await call(c, { action: 'getActiveActivations' }), 'NO_ACTIVATIONS');
    const first = await bought(c);
    const second = await bought(c);
    s.clock.advance(1000);
    await deliver(s, (await link(second.id)).identifier, 'Your Telegram code: 31337');
    const [t1, t2] = [await link(first.id), await link(second.id)];
    const entry = (id: number, phone: string, status: string, codes: string, text: string) =>
      `{"activationId":"${id}","serviceCode":"tg","phoneNumber":"${phone}","activationCost":"1.50","activationStatus":"${status}",` +
      `"smsCode":${codes},"smsText":${text},"activationTime":"${localTime(Number(t1.create_at))}","countryCode":"0","canGetAnotherSms":"1"}`;
    expectJson(
      await call(c, { action: 'getActiveActivations' }),
      `{"status":"success","activeActivations":[` +
        `${entry(second.id, t2.identifier.slice(1), '2', '["31337"]', '"Your Telegram code: 31337"')},` +
        `${entry(first.id, t1.identifier.slice(1), '4', 'null', 'null')}]}`,
    );
  });

  it("getPrices and getNumbersStatus: this customer's prices and the stock there is now", async () => {
    // The products' rows once the job has added the sales' moves to them (server/goods-counts).
    expect(await s.app.jobs.runNow('goods-counts')).toBe(true);
    const stock = async (id: number) =>
      Number((await s.database.db.selectFrom('goods').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock);
    const tg = (await stock(g.tg)) + (await stock(g.tgDear));
    expect(tg).toBeGreaterThan(0);
    expectJson(
      await call(a, { action: 'getPrices' }),
      `{"0":{"ig":{"cost":1,"count":0,"physicalCount":0},"tg":{"cost":1.35,"count":${tg},"physicalCount":${tg}}},` +
        '"6":{"wa":{"cost":0.8,"count":0,"physicalCount":0}}}',
    );
    expectJson(await call(b, { action: 'getPrices', service: 'tg' }), `{"0":{"tg":{"cost":1.5,"count":${tg},"physicalCount":${tg}}}}`);
    expectJson(await call(b, { action: 'getPrices', country: 6 }), '{"6":{"wa":{"cost":0.8,"count":0,"physicalCount":0}}}');
    expectJson(await call(b, { action: 'getPrices', country: 'id' }), '{}');
    expectJson(await call(b, { action: 'getNumbersStatus' }), `{"ig_0":"0","tg_0":"${tg}"}`);
    expectJson(await call(b, { action: 'getNumbersStatus', country: 6 }), '{"wa_0":"0"}');
    expectJson(await call(b, { action: 'getNumbersStatus', country: 99 }), '{}');
  });

  it("the store shows each product's service code and country, and finds products by their service code", async () => {
    const found = await s.post('/api/store/data', { keyword: 'TG' }, a.token);
    expect(found.data.list.map((p: Record<string, unknown>) => [p.title, p.service, p.country, p.price])).toEqual([
      ['Telegram', 'tg', 0, 1.35],
      ['Telegram 优质', 'tg', 0, 2],
    ]);
    expect((await s.post('/api/store/data', { keyword: '优质' })).data.list.map((p: Record<string, unknown>) => p.service)).toEqual(['tg']);
  });

  it('BAD_KEY for a missing, wrong or revoked key (before anything else); BAD_ACTION for an unknown action', async () => {
    await unchanged(async () => {
      const calls: Record<string, string>[] = [
        { action: 'getBalance' },
        { action: 'getBalance', api_key: '' },
        { action: 'getBalance', api_key: `${a.key}x` },
        { action: 'getBalance', api_key: a.token },
        { action: 'noSuchAction', api_key: 'nope' },
        { api_key: 'nope' },
      ];
      for (const params of calls) expectWord(await handler(s, params), 'BAD_KEY');
      for (const action of ['noSuchAction', 'getbalance', '', 'constructor', '__proto__', 'toString']) {
        expectWord(await call(a, { action }), 'BAD_ACTION');
      }
      expectWord(await call(a, {}), 'BAD_ACTION');
    });
  });

  it('takes its parameters from the query, a form body, a JSON body or the X-ApiKey header, by GET or POST', async () => {
    const word = 'ACCESS_BALANCE:' + ((await balance(a)) / 100).toFixed(2);
    expectWord(await handler(s, { api_key: a.key, action: 'getBalance' }, { method: 'POST' }), word);
    expectWord(await handler(s, { api_key: a.key, action: 'getBalance' }, { form: '' }), word);
    expectWord(await handler(s, {}, { form: { api_key: a.key, action: 'getBalance' } }), word);
    // A form body wins over the query string, as PHP's $_REQUEST has it.
    expectWord(await handler(s, { api_key: b.key, action: 'getBalance' }, { form: { api_key: a.key } }), word);
    expectWord(await handler(s, { action: 'getBalance' }, { headers: { 'X-ApiKey': a.key } }), word);
    const json = await fetch(`${s.url}/stubs/handler_api.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: a.key, action: 'getBalance' }),
    });
    expect(await json.text()).toBe(word);
    const text = await fetch(`${s.url}/stubs/handler_api.php?api_key=${a.key}&action=getBalance`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'anything',
    });
    expect([text.status, text.headers.get('content-type'), await text.text()]).toEqual([200, 'text/plain; charset=utf-8', word]);
    // A body too large to be a call is refused in the protocol too.
    expectWord(await handler(s, { api_key: a.key, action: 'getBalance' }, { form: 'x'.repeat(20_000) }), 'BAD_ACTION');
  });

  it('rate limits answer ERROR_SQL with Retry-After, never HTML or the envelope', async () => {
    const strict = await s.sibling({ handlerRatePerKey: 12 });
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await handler(s, { api_key: a.key, action: 'getBalance' }, { base: strict.url }));
    for (const r of answers.slice(0, 10)) expectWord(r, /^ACCESS_BALANCE:\d+\.\d\d$/);
    expectWord(answers[10], 'ERROR_SQL');
    expect(answers[10].headers.get('retry-after')).toBe('5');
    // Another key is not held up; guessing keys from one address is limited too.
    expectWord(await handler(s, { api_key: b.key, action: 'getBalance' }, { base: strict.url }), /^ACCESS_BALANCE:/);
    const guesses = [];
    for (let i = 0; i < 101; i++)
      guesses.push((await handler(s, { api_key: `sak_${i}`, action: 'getBalance' }, { base: strict.url })).body);
    expect(guesses.slice(0, 100).every((w) => w === 'BAD_KEY')).toBe(true);
    expect(guesses[100]).toBe('ERROR_SQL');
  });

  it('an expired link answers STATUS_CANCEL and takes no status', async () => {
    const { id } = await bought(b);
    s.clock.advance(24 * 3_600_000);
    expectWord(await call(b, { action: 'getStatus', id }), 'STATUS_CANCEL');
    await unchanged(async () => {
      for (const status of [1, 3, 6, 8]) expectWord(await call(b, { action: 'setStatus', id, status }), 'BAD_STATUS');
    });
  });

  it('an internal failure answers ERROR_SQL (logged), and the purchase it stopped did not happen', async () => {
    const before = await balance(b);
    await s.database.db.schema.alterTable('api_orders').renameTo('api_orders_away').execute();
    try {
      expectWord(await call(b, { action: 'getNumberV2', service: 'tg', orderId: 'breaks' }), 'ERROR_SQL');
    } finally {
      await s.database.db.schema.alterTable('api_orders_away').renameTo('api_orders').execute();
    }
    expect(await balance(b)).toBe(before);
  });

  it('a maxPrice far above the price buys, however large or however many decimals; below the price it still refuses', async () => {
    const rich = await keyedCustomer(s, sup, 'buyer_rich', 100);
    await smsGoods(
      s,
      sup,
      { title: 'Discord', service: 'ds', price: 1 },
      Array.from({ length: 12 }, (_, i) => `8613700000${String(i + 1).padStart(3, '0')}`),
    );
    await unchanged(async () => {
      for (const maxPrice of ['0.99', '0.999999999999', '0', '-99999999999', '9'.repeat(11) + 'x', '1e']) {
        expectWord(await call(rich, { action: 'getNumber', service: 'ds', maxPrice }), 'WRONG_MAX_PRICE:1.00');
      }
    });
    const huge = [
      '99999999999',
      '99999999999.99',
      '1.000000000001',
      '00000000000000001',
      '9'.repeat(40),
      `${'9'.repeat(30)}.${'9'.repeat(30)}`,
      '1e+20',
      '1.0E+20',
      '1e3',
    ];
    for (const maxPrice of huge) await bought(rich, { service: 'ds', maxPrice });
    await bought(rich, { service: 'ds', max_price: '99999999999' });
    expect(await balance(rich)).toBe(10_000 - (huge.length + 1) * 100);
    const v2 = await call(rich, { action: 'getNumberV2', service: 'ds', maxPrice: '99999999999' });
    expect(v2.status).toBe(200);
    expect(JSON.parse(v2.body).activationCost).toBe(1);
  });
});
