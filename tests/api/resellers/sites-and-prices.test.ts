/**
 * Resellers (分站): the owner makes one from a customer; its host is its site (`GET /api/site`, who
 * registers there is its customer); its customers pay its own price x (1 + markup), rounded up to the
 * cent, or its own per-product price (never below its own), in the store, the SMS-Activate protocol,
 * renewals and rentals; a disabled reseller's host stops selling at its markup; nobody sees another's
 * customers or prices; a reseller is a customer with more, never a sup.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, buyOk, credit, expectBooksBalance, importLines, phones } from '../../helpers/commerce.js';
import { handler } from '../../helpers/handler.js';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const T0 = Date.UTC(2026, 2, 2, 4, 0, 0);
const HOST = 'shop.example.com';
const OTHER_HOST = 'other.example.net';

describe.each(dbKinds)('reseller sites and prices on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let agent: { id: number; token: string };
  let other: { id: number; token: string };
  let mainCustomer: { id: number; token: string };
  let resellerId: number;
  let goods: number;
  let cheap: number;
  let buyer: { id: number; token: string };

  const on = (host: string) => ({ 'x-forwarded-host': host });
  const register = async (username: string, host?: string) => {
    const r = await s.call('POST', '/api/user/register', {
      body: { username, password: 'Customer-pass-1' },
      headers: host ? on(host) : {},
    });
    expect(r.code, r.message).toBe(200);
    return { id: Number(r.data.user.id), token: r.data.token as string };
  };
  const storePrice = async (id: number, token?: string, host?: string) => {
    const r = await s.call('POST', '/api/store/data?page=1&pageSize=100', { body: {}, token, headers: host ? on(host) : {} });
    expect(r.code, r.message).toBe(200);
    return r.data.list.find((g: { id: number }) => g.id === id) as { price: number; base_price: number; renew_price: number };
  };
  const balance = async (id: number) =>
    Number((await s.database.db.selectFrom('users').select('balance').where('id', '=', id).executeTakeFirstOrThrow()).balance);

  beforeAll(async () => {
    s = await startServer(kind, {
      frozenAt: T0,
      settings: { trustProxy: 1, publicUrl: 'https://main.example.com', sessionTtlMs: 365 * 86_400_000 },
    });
    sup = await s.login(SUP.username, SUP.password);
    agent = await s.addCustomer(sup, 'agent_a');
    other = await s.addCustomer(sup, 'agent_b');
    mainCustomer = await s.addCustomer(sup, 'main_cust');
    goods = await addGoods(s, sup, { title: '分站测试', service: 'rs', price: 1.5, renew_price: 0.5 });
    await importLines(s, sup, goods, phones(40, 8613500000000));
    cheap = await addGoods(s, sup, { title: '便宜商品', service: 'rc', price: 1.01 });
    await importLines(s, sup, cheap, phones(10, 8613600000000));
  });
  afterAll(() => s?.close());

  it('the owner makes a reseller of a customer: host stored lower case, unique, never the main host, never a sup or a reseller customer', async () => {
    const made = await s.post(
      '/api/reseller/add',
      {
        user_id: agent.id,
        site_name: '蓝鲸接码',
        host: 'Shop.Example.com',
        markup: 20,
        contact: '<p>QQ 123<script>x</script></p>',
        notice: '<b>欢迎</b>',
      },
      sup,
    );
    expect(made.code, made.message).toBe(200);
    resellerId = made.data.id;
    const row = await s.database.db.selectFrom('resellers').selectAll().where('id', '=', resellerId).executeTakeFirstOrThrow();
    expect(row.host).toBe(HOST);
    expect(Number(row.markup)).toBe(2000);
    expect(Number(row.settle_days)).toBe(3);
    expect(row.contact).not.toContain('script');

    const sameHost = await s.post(
      '/api/reseller/add',
      { user_id: other.id, site_name: '另一个', host: 'SHOP.example.com', markup: 10 },
      sup,
    );
    expect(sameHost.code).toBe(409);
    expect(sameHost.data.errors.host).toBeTruthy();
    const mainHost = await s.post(
      '/api/reseller/add',
      { user_id: other.id, site_name: '另一个', host: 'main.example.com', markup: 10 },
      sup,
    );
    expect(mainHost.code).toBe(400);
    const supUser = await s.post('/api/reseller/add', { user_id: 1, site_name: '管理员', host: 'sup.example.com', markup: 10 }, sup);
    expect(supUser.code).toBe(400);
    expect(chinese(supUser.message)).toBe(true);
    const badHost = await s.post('/api/reseller/add', { user_id: other.id, site_name: '坏域名', host: 'http://x.com/a', markup: 10 }, sup);
    expect(badHost.code).toBe(400);
    const tooMuch = await s.post('/api/reseller/add', { user_id: other.id, site_name: '太贵', host: 'x.example.com', markup: 301 }, sup);
    expect(tooMuch.code).toBe(400);
    const second = await s.post('/api/reseller/add', { user_id: other.id, site_name: '乙站', host: OTHER_HOST, markup: 50 }, sup);
    expect(second.code, second.message).toBe(200);
  });

  it('GET /api/site names the site of the host, the main site elsewhere', async () => {
    const site = await s.call('GET', '/api/site', { headers: on(HOST) });
    expect(site.data).toEqual({ name: '蓝鲸接码', contact: '<p>QQ 123</p>', notice: '<b>欢迎</b>', reseller: true });
    const withPort = await s.call('GET', '/api/site', { headers: on('SHOP.example.com:8443') });
    expect(withPort.data.name).toBe('蓝鲸接码');
    const main = await s.call('GET', '/api/site');
    expect(main.data.reseller).toBe(false);
    expect(main.data.name).toBe('接码平台');
    const unknown = await s.call('GET', '/api/site', { headers: on('nobody.example.org') });
    expect(unknown.data.reseller).toBe(false);
  });

  it("registering on the reseller's host makes a customer of it; elsewhere of the main site", async () => {
    buyer = await register('site_buyer', HOST);
    const row = await s.database.db.selectFrom('users').select('reseller_id').where('id', '=', buyer.id).executeTakeFirstOrThrow();
    expect(Number(row.reseller_id)).toBe(agent.id);
    const plain = await register('plain_buyer');
    const main = await s.database.db.selectFrom('users').select('reseller_id').where('id', '=', plain.id).executeTakeFirstOrThrow();
    expect(main.reseller_id).toBeNull();
  });

  it("on its host a customer reads the notices for every site's customers, none for the main site's only or for staff", async () => {
    const add = async (title: string, audience: string, popup = false) => {
      const r = await s.post('/api/notice/add', { title, content: `<p>${title}内容</p>`, audience, popup }, sup);
      expect(r.code, r.message).toBe(200);
    };
    // Oldest first: the newest popup is the main site's only, the one a reseller's host must not show.
    await add('系统维护通知', 'customer', true);
    await add('商品调价通知', 'all');
    await add('员工须知', 'staff');
    await add('接码平台新用户活动，主站客服 QQ 10000', 'main', true);
    const titles = async (token: string, host?: string) => {
      const r = await s.call('GET', '/api/notice/recent', { token, headers: host ? on(host) : {} });
      expect(r.code, r.message).toBe(200);
      return r.data.list.map((n: { title: string }) => n.title);
    };
    const popup = async (token: string, host?: string) =>
      (await s.call('GET', '/api/notice/detail', { token, headers: host ? on(host) : {} })).data;

    // Its customer on its host: the service notices, and nothing that names the main site.
    expect(await titles(buyer.token, HOST)).toEqual(['商品调价通知', '系统维护通知']);
    expect((await popup(buyer.token, HOST)).title).toBe('系统维护通知');
    for (const path of ['/api/notice/recent', '/api/notice/detail']) {
      const text = JSON.stringify(await s.call('GET', path, { token: buyer.token, headers: on(HOST) }));
      expect(text).not.toContain('接码平台');
      expect(text).not.toContain('10000');
    }
    // The site is the host's: the main site's customers see every customer notice there, anyone on a
    // reseller's host only those for every site; staff read theirs on either.
    expect(await titles(mainCustomer.token)).toEqual(['接码平台新用户活动，主站客服 QQ 10000', '商品调价通知', '系统维护通知']);
    expect((await popup(mainCustomer.token)).title).toBe('接码平台新用户活动，主站客服 QQ 10000');
    expect(await titles(mainCustomer.token, OTHER_HOST)).toEqual(['商品调价通知', '系统维护通知']);
    expect(await titles(sup, HOST)).toEqual(['员工须知', '商品调价通知']);
  });

  it("a reseller's customer pays its own price x (1 + markup), rounded up to the cent, and never sees the main price", async () => {
    // The reseller's own price: 80 % by its discount; 1.50 x 0.8 = 1.20, x 1.2 = 1.44.
    expect((await s.post('/api/discount/add', { user_id: agent.id, rate: 0.8 }, sup)).code).toBe(200);
    expect(await storePrice(goods, buyer.token)).toMatchObject({ price: 1.44, base_price: 1.44, renew_price: 0.6 });
    // 1.01 x 0.8 = 0.808 -> 0.81 (the reseller's own, half-up); x 1.2 = 0.972 -> 0.98 (up).
    expect(await storePrice(cheap, buyer.token)).toMatchObject({ price: 0.98, base_price: 0.98 });
    // A visitor on its host sees what a new customer of it pays; on the main site, the main price.
    expect((await storePrice(goods, undefined, HOST)).price).toBe(1.44);
    expect((await storePrice(goods, undefined)).price).toBe(1.5);
    // Its own price, and a main-site customer's, are their own.
    expect((await storePrice(goods, agent.token)).price).toBe(1.2);
    expect((await storePrice(goods, mainCustomer.token, HOST)).price).toBe(1.5);
    // 5sim's guest prices: a new customer's of the site asked.
    const guest = async (host?: string) => {
      const res = await fetch(`${s.url}/v1/guest/prices?country=russia`, { headers: host ? on(host) : {} });
      const russia = ((await res.json()) as Record<string, Record<string, { any: { cost: number } }>>).russia;
      return Object.values(russia).map((p) => p.any.cost);
    };
    expect(await guest(HOST)).toContain(1.44);
    expect(await guest(HOST)).not.toContain(1.5);
    expect(await guest()).toContain(1.5);
    const quote = await s.post('/api/order/quote', { goods_id: goods, quantity: 2 }, buyer.token);
    expect(quote.data).toMatchObject({ unit_price: 1.44, base_price: 1.44, amount: 2.88 });
    // Only the reseller prices its customers: a discount or group the main site gives the customer
    // does not apply while its reseller sells to it.
    const half = await s.post('/api/discount/add', { user_id: buyer.id, rate: 0.5 }, sup);
    expect(half.code, half.message).toBe(200);
    const vip = await s.post('/api/group/add', { name: '分站客户的贵宾组', rate: 0.5 }, sup);
    expect(vip.code, vip.message).toBe(200);
    expect((await s.post('/api/user/edit', { id: buyer.id, group_id: vip.data.id }, sup)).code).toBe(200);
    expect(await storePrice(goods, buyer.token)).toMatchObject({ price: 1.44, base_price: 1.44 });
    expect((await s.post('/api/order/quote', { goods_id: goods, quantity: 1 }, buyer.token)).data.unit_price).toBe(1.44);
    // The same discount and group do price a main-site customer.
    expect((await s.post('/api/user/edit', { id: mainCustomer.id, group_id: vip.data.id }, sup)).code).toBe(200);
    expect((await storePrice(goods, mainCustomer.token)).price).toBe(0.75);
    expect((await s.post('/api/user/edit', { id: mainCustomer.id, group_id: null }, sup)).code).toBe(200);
    expect((await s.post('/api/user/edit', { id: buyer.id, group_id: null }, sup)).code).toBe(200);
    expect((await s.post('/api/discount/del', { ids: [half.data.id] }, sup)).code).toBe(200);
  });

  it('its own per-product price wins, never below its own', async () => {
    const low = await s.post('/api/reseller_price/add', { goods_id: goods, price: 1.19 }, agent.token);
    expect(low.code).toBe(400);
    expect(low.message).toContain('1.20');
    const set = await s.post('/api/reseller_price/add', { goods_id: goods, price: 2 }, agent.token);
    expect(set.code, set.message).toBe(200);
    const again = await s.post('/api/reseller_price/add', { goods_id: goods, price: 3 }, agent.token);
    expect(again.code).toBe(409);
    expect((await storePrice(goods, buyer.token)).price).toBe(2);
    const list = await s.post('/api/reseller_price/data', {}, agent.token);
    expect(list.data.list).toEqual([expect.objectContaining({ goods_id: goods, price: 2, cost: 1.2, markup_price: 1.44 })]);
    // Another reseller sees none of it, and cannot change it.
    expect((await s.post('/api/reseller_price/data', {}, other.token)).data.list).toEqual([]);
    const theirs = await s.post('/api/reseller_price/edit', { id: set.data.id, price: 9 }, other.token);
    expect(theirs.code).toBe(404);
    // When its own price rises above the price it set, its customers pay its own: no loss.
    expect((await s.post('/api/discount/add', { user_id: agent.id, goods_id: goods, price: 2.5 }, sup)).code).toBe(200);
    expect((await storePrice(goods, buyer.token)).price).toBe(2.5);
    const discounts = await s.database.db.selectFrom('discounts').select('id').where('goods_id', '=', goods).execute();
    expect((await s.post('/api/discount/del', { ids: discounts.map((d) => d.id) }, sup)).code).toBe(200);
    expect((await s.post('/api/reseller_price/del', { ids: [set.data.id] }, agent.token)).code).toBe(200);
    expect((await storePrice(goods, buyer.token)).price).toBe(1.44);
  });

  it('prices follow the customer into the SMS-Activate protocol, renewals and rentals', async () => {
    await credit(s, sup, buyer.id, 50);
    const key = (await s.post('/api/apikey/create', {}, buyer.token)).data.key as string;
    const prices = JSON.parse((await handler(s, { api_key: key, action: 'getPrices', service: 'rs' })).body);
    expect(prices['0'].rs.cost).toBe(1.44);
    const top = JSON.parse((await handler(s, { api_key: key, action: 'getTopCountriesByService', service: 'rs' })).body);
    expect(top['0']).toMatchObject({ price: 1.44, retail_price: 1.44 });
    const got = (await handler(s, { api_key: key, action: 'getNumber', service: 'rs', country: 0 })).body;
    expect(got).toMatch(/^ACCESS_NUMBER:/);
    expect(await balance(buyer.id)).toBe(5000 - 144);

    // A renewal: 0.50 a day for everyone, 0.60 for its customers.
    const [, id] = got.split(':');
    const renewal = await s.post('/api/token/quote', { id: Number(id), days: 2 }, buyer.token);
    expect(renewal.data).toMatchObject({ renew_price: 0.6, amount: 1.2 });
    expect((await s.post('/api/token/augment', { id: Number(id), days: 2 }, buyer.token)).code).toBe(200);
    expect(await balance(buyer.id)).toBe(5000 - 144 - 120);

    // A rental: 0.10 an hour, 0.12 for its customers.
    const rent = await addGoods(s, sup, {
      title: '租用测试',
      service: 'rr',
      price: 1,
      rentable: true,
      rent_price_hour: 0.1,
      rent_min_hours: 4,
      rent_max_hours: 100,
    });
    await importLines(s, sup, rent, phones(2, 8613700000000));
    const offer = JSON.parse((await handler(s, { api_key: key, action: 'getRentServicesAndCountries', rent_time: 4 })).body);
    expect(offer.services.rr.cost).toBe(0.48);
    const rented = JSON.parse((await handler(s, { api_key: key, action: 'getRentNumber', service: 'rr', rent_time: 4 })).body);
    expect(rented.status).toBe('success');
    expect(await balance(buyer.id)).toBe(5000 - 144 - 120 - 48);
    const extend = await s.post('/api/rent/quote', { id: rented.phone.id, hours: 5 }, buyer.token);
    expect(extend.data).toMatchObject({ price_hour: 0.12, amount: 0.6 });
    expect((await s.post('/api/rent/extend', { id: rented.phone.id, hours: 5 }, buyer.token)).code).toBe(200);
    expect(await balance(buyer.id)).toBe(5000 - 144 - 120 - 48 - 60);

    // The profit of each: 0.24 on the number, 0.20 on the renewal, 0.08 and 0.10 on the rental.
    const profits = await s.database.db.selectFrom('profits').select(['amount', 'buyer_id', 'user_id']).orderBy('id').execute();
    expect(profits.map((p) => Number(p.amount))).toEqual([24, 20, 8, 10]);
    expect(profits.every((p) => Number(p.user_id) === agent.id && Number(p.buyer_id) === buyer.id)).toBe(true);
    await expectBooksBalance(s, sup);
  });

  it("no profit on the reseller's own purchases: it pays its own price", async () => {
    await credit(s, sup, agent.id, 10);
    const before = await s.database.db.selectFrom('profits').select('id').execute();
    const bought = await buyOk(s, agent.token, goods, 1);
    expect(bought.amount).toBe(1.2);
    expect(await s.database.db.selectFrom('profits').select('id').execute()).toHaveLength(before.length);
  });

  it("a disabled reseller's host stops selling at its markup: main prices, no profit, no new customers of it", async () => {
    expect((await s.post('/api/reseller/edit', { id: resellerId, enabled: false }, sup)).code).toBe(200);
    expect((await storePrice(goods, buyer.token)).price).toBe(1.5);
    expect((await storePrice(goods, undefined, HOST)).price).toBe(1.5);
    expect((await s.call('GET', '/api/site', { headers: on(HOST) })).data.reseller).toBe(false);
    const before = (await s.database.db.selectFrom('profits').select('id').execute()).length;
    expect((await buyOk(s, buyer.token, goods, 1)).amount).toBe(1.5);
    expect((await s.database.db.selectFrom('profits').select('id').execute()).length).toBe(before);
    const late = await register('late_buyer', HOST);
    const row = await s.database.db.selectFrom('users').select('reseller_id').where('id', '=', late.id).executeTakeFirstOrThrow();
    expect(row.reseller_id).toBeNull();
    expect((await s.post('/api/reseller/edit', { id: resellerId, enabled: true }, sup)).code).toBe(200);
    expect((await storePrice(goods, buyer.token)).price).toBe(1.44);
    await expectBooksBalance(s, sup);
  });

  it('我的分站: its own site and customers only; a main-site customer, a sup and another reseller see none of it', async () => {
    const mine = await s.get('/api/reseller/site', agent.token);
    expect(mine.code, mine.message).toBe(200);
    expect(mine.data).toMatchObject({ site_name: '蓝鲸接码', host: HOST, url: `https://${HOST}`, markup: 20, enabled: true, customers: 1 });
    const customers = await s.post('/api/reseller/customers?page=1&pageSize=20', {}, agent.token);
    expect(customers.data.list.map((c: { username: string }) => c.username)).toEqual(['site_buyer']);
    expect(customers.data.list[0]).toEqual(
      expect.objectContaining({ id: buyer.id, orders: expect.any(Number), balance: expect.any(Number) }),
    );
    expect((await s.post('/api/reseller/customers', {}, other.token)).data.list).toEqual([]);
    for (const token of [mainCustomer.token, buyer.token, sup]) {
      expect((await s.get('/api/reseller/site', token)).code).toBe(403);
      expect((await s.post('/api/reseller/customers', {}, token)).code).toBe(403);
      expect((await s.post('/api/reseller_price/data', {}, token)).code).toBe(403);
    }
    // A customer lists its own profits only: none.
    expect((await s.post('/api/profit/data', {}, mainCustomer.token)).data.list).toEqual([]);
    expect((await s.post('/api/profit/data', {}, other.token)).data.list).toEqual([]);
    // The reseller edits its site (not its host); its customers see it at once.
    const edit = await s.post('/api/reseller/site/edit', { site_name: '蓝鲸', markup: 25, host: 'x.example.com' }, agent.token);
    expect(edit.code).toBe(400);
    expect((await s.post('/api/reseller/site/edit', { site_name: '蓝鲸', markup: 25 }, agent.token)).code).toBe(200);
    expect((await s.call('GET', '/api/site', { headers: on(HOST) })).data.name).toBe('蓝鲸');
    expect((await storePrice(goods, buyer.token)).price).toBe(1.5);
    expect((await s.post('/api/reseller/site/edit', { site_name: '蓝鲸接码', markup: 20 }, agent.token)).code).toBe(200);
  });

  it('the owner sees each reseller with its figures; a reseller, or its customer, is never made a sup', async () => {
    const list = await s.post('/api/reseller/data', {}, sup);
    const row = list.data.list.find((r: { id: number }) => r.id === resellerId);
    expect(row).toMatchObject({ user_id: agent.id, user_id_label: 'agent_a', customers: 1, profit_pending: 0.62, profit_settled: 0 });
    expect(row.sales).toBeGreaterThan(0);
    const customers = await s.post('/api/user/data', { reseller_id: agent.id }, sup);
    expect(customers.data.list.map((u: { username: string }) => u.username)).toEqual(['site_buyer']);
    for (const id of [agent.id, buyer.id]) {
      const promote = await s.post('/api/user/edit', { id, type: 'sup' }, sup);
      expect(promote.code).toBe(400);
    }
    // Finance manages resellers too; an operator does not.
    await s.post('/api/user/add', { username: 'fin_staff', password: 'Finance-pass-1', type: 'sup', role: 'finance' }, sup);
    await s.post('/api/user/add', { username: 'ops_staff', password: 'Operator-pass-1', type: 'sup', role: 'operator' }, sup);
    expect((await s.post('/api/reseller/data', {}, await s.login('fin_staff', 'Finance-pass-1'))).code).toBe(200);
    expect((await s.post('/api/reseller/data', {}, await s.login('ops_staff', 'Operator-pass-1'))).code).toBe(403);
    expect((await s.post('/api/reseller/data', {}, agent.token)).code).toBe(403);
  });
});
