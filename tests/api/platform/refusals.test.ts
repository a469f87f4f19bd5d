/** Who may call what: a customer against every sup call, and nobody without a token. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { expectedRoutes, key, registeredRoutes, type RouteInfo } from './routes.js';
import { unmatchedTransfer } from '../fixtures/usdt.js';
import { addGoods, buyOk, deliver, importLines, phones } from '../../helpers/commerce.js';
import { startFakeSmsActivate, type FakeSmsActivate } from '../../helpers/fake-sms-activate.js';
import { allows, grantsOf, staffRoles } from '../../../resources.config.js';
import { declaredRows, fillRows, resourcesOf, validCalls, type DeclaredRows } from './declared-calls.js';
import { agentActivation } from '../../helpers/fake-aggregator.js';

const routes = expectedRoutes();
/** Rules only a sup passes (the staff's): 'sup', 'staff', 'sup:<grant>'. */
const staffRule = (access: string) => access === 'sup' || access === 'staff' || access.startsWith('sup:');
const supRoutes = routes.filter((r) => staffRule(r.access));

/** Every kind of caller the table covers: the four staff roles, a customer, a reseller (a customer with more), and nobody. */
const CALLERS = ['owner', 'operator', 'finance', 'support', 'customer', 'reseller', 'anonymous'] as const;
type CallerName = (typeof CALLERS)[number];

/** What a caller gets from a route by its declared rule: through to the call itself, 403, or 203 (no session). */
function expected(access: string, who: CallerName): 'pass' | 403 | 203 {
  if (access === 'public') return 'pass';
  if (who === 'anonymous') return 203;
  const role = who === 'customer' || who === 'reseller' ? 'customer' : 'sup';
  const grants = role === 'sup' ? grantsOf(staffRoles, who) : who === 'reseller' ? (['reseller'] as const) : undefined;
  return allows(access as never, role, grants) ? 'pass' : 403;
}

describe.each(dbKinds)('refusals on %s', (kind) => {
  let s: TestServer;
  let supToken: string;
  let customer: { id: number; token: string };
  let other: { id: number; token: string };
  /** A customer the owner made a reseller (分站), and its row. */
  let reseller: { id: number; token: string };
  let resellerRow: number;
  /** A customer the owner may make a reseller (the sup's accepted call). */
  let spareCustomer: { id: number; token: string };
  let noticeId: number;
  let spareNoticeId: number;
  let transferId: number;
  /** A row of the audit trail (the sup's first login wrote one). */
  let auditId: number;
  /** Upstream providers: one in use, one spare (to delete), at a local provider. */
  let fake: FakeSmsActivate;
  const upstream = {} as Record<'provider' | 'spareProvider', number>;
  /** The names getServicesList gives service codes: one kept, one spare (to delete). */
  const serviceNames = {} as Record<'kept' | 'spare', number>;
  const agents = {} as Record<'aggregator' | 'spareAggregator' | 'activation', number>;
  /** Rows of the business, most of them the other customer's. */
  const shop = {} as Record<
    | 'group'
    | 'spareGroup'
    | 'discount'
    | 'spareDiscount'
    | 'goods'
    | 'spareGoods'
    | 'stockDel'
    | 'stockOff'
    | 'stockOn'
    | 'orderA'
    | 'orderB',
    number
  > & {
    tokenA: { id: number; token: string };
    tokenB: { id: number; token: string };
    tokenC: { id: number; identifier: string };
  } & Partial<Record<'device' | 'spareDevice' | 'deviceNumber' | 'message' | 'unassigned' | 'unlooked', number>>;

  /** A call each sup route would accept from a sup: the refusal must be about the role alone (written by hand where a route needs more than its fields say). */
  const handValid = (): Record<string, { query?: string; body?: unknown }> => ({
    'POST /api/user/data': { body: {} },
    'GET /api/user/detail': { query: `?id=${other.id}` },
    'POST /api/user/add': { body: { username: 'intruder', password: 'password-1', type: 'sup' } },
    'POST /api/user/edit': { body: { id: customer.id, type: 'sup' } },
    'POST /api/user/search': { body: { keyword: 'cust' } },
    'POST /api/user/money': { body: { id: customer.id, amount: 1000, remark: '自己加钱' } },
    'POST /api/user/manager': { body: { id: other.id } },
    'POST /api/user/reset-password': { body: { id: other.id } },
    'POST /api/audit/data': { body: {} },
    'GET /api/audit/detail': { query: `?id=${auditId}` },
    'POST /api/notice/data': { body: {} },
    'POST /api/notice/add': { body: { title: '假公告', content: '<p>x</p>', popup: true } },
    'POST /api/notice/edit': { body: { id: noticeId, title: '被改了' } },
    'POST /api/notice/del': { body: { ids: [spareNoticeId] } },
    'POST /api/config/edit': { body: { content: '<p>被改了</p>' } },
    'GET /api/usdt/config': {},
    'POST /api/usdt/config/edit': { body: { min_amount: 5 } },
    'POST /api/usdt/poll': { body: {} },
    'GET /api/epay/config': {},
    'POST /api/epay/config/edit': { body: { rate: 7.1 } },
    'POST /api/transfer/data': { body: {} },
    'GET /api/transfer/detail': { query: `?id=${transferId}` },
    'POST /api/transfer/attach': { body: { id: transferId, user_id: customer.id } },
    'POST /api/group/data': { body: {} },
    'GET /api/group/detail': { query: `?id=${shop.group}` },
    'POST /api/group/add': { body: { name: '黑卡', rate: 0.5, is_default: true } },
    'POST /api/group/edit': { body: { id: shop.group, rate: 0.01 } },
    'POST /api/group/del': { body: { ids: [shop.spareGroup] } },
    'POST /api/discount/data': { body: {} },
    'GET /api/discount/detail': { query: `?id=${shop.discount}` },
    'POST /api/discount/add': { body: { user_id: customer.id, rate: 0.01 } },
    'POST /api/discount/edit': { body: { id: shop.discount, rate: 0.02 } },
    'POST /api/discount/del': { body: { ids: [shop.spareDiscount] } },
    'POST /api/goods/add': { body: { title: '假商品', channel: 'sms', service: 'wa', price: 0.01, valid_hours: 1 } },
    'POST /api/goods/edit': { body: { id: shop.goods, price: 0.01 } },
    'POST /api/goods/del': { body: { ids: [shop.spareGoods] } },
    'POST /api/goods/bulk': { body: { ids: [shop.goods], price: 0.01 } },
    'POST /api/stock/data': { body: {} },
    'GET /api/stock/detail': { query: `?id=${shop.stockOn}` },
    'POST /api/stock/del': { body: { ids: [shop.stockDel] } },
    'POST /api/stock/import': { body: { goods_id: shop.goods, text: '8613900000000' } },
    'POST /api/stock/disable': { body: { ids: [shop.stockOff] } },
    'POST /api/stock/enable': { body: { ids: [shop.stockOn] } },
    'POST /api/order/refund': { body: { id: shop.orderA, amount: 0.5, remark: '补偿' } },
    'POST /api/token/refund': { body: { id: shop.tokenB.id, remark: '退款' } },
    'POST /api/apikey/revoke': { body: { user_id: customer.id } },
    'POST /api/device/data': { body: {} },
    'GET /api/device/detail': { query: `?id=${shop.device}` },
    'POST /api/device/add': { body: { name: '偷偷加的手机' } },
    'POST /api/device/edit': { body: { id: shop.device, enabled: false } },
    'POST /api/device/del': { body: { ids: [shop.spareDevice] } },
    'POST /api/device/secret': { body: { id: shop.device } },
    'GET /api/device/silent': {},
    'GET /api/pending': {},
    'POST /api/device/bind': { body: { id: shop.device, text: shop.tokenC.identifier } },
    'POST /api/device_number/data': { body: {} },
    'GET /api/device_number/detail': { query: `?id=${shop.deviceNumber}` },
    'POST /api/device_number/edit': { body: { id: shop.deviceNumber, remark: '偷偷改的' } },
    'POST /api/device_number/check': { body: { ids: [shop.deviceNumber] } },
    'POST /api/device_number/checks': { body: { ids: [shop.deviceNumber] } },
    'GET /api/device_number/expiring': {},
    'POST /api/message/links': { body: { id: shop.unlooked } },
    'POST /api/message/assign': { body: { id: shop.unassigned, token_id: shop.tokenC.id } },
    'POST /api/message/data': { body: {} },
    'GET /api/message/detail': { query: `?id=${shop.message}` },
    'POST /api/message/add': { body: { recipient: '+8613800000000', text: '验证码 135790' } },
    'POST /api/provider/data': { body: {} },
    'GET /api/provider/detail': { query: `?id=${upstream.provider}` },
    'POST /api/provider/add': { body: { name: '假上游', base_url: 'http://127.0.0.1:9/stubs/handler_api.php', api_key: 'k' } },
    'POST /api/provider/edit': { body: { id: upstream.provider, base_url: 'http://127.0.0.1:9/', api_key: 'k' } },
    'POST /api/provider/del': { body: { ids: [upstream.spareProvider] } },
    'POST /api/provider/balance': { body: { id: upstream.provider } },
    'POST /api/telegram/bot': { body: { token: '' } },
    'GET /api/telegram/bot': {},
    'POST /api/service/data': { body: {} },
    'GET /api/service/detail': { query: `?id=${serviceNames.kept}` },
    'POST /api/service/add': { body: { service: 'wa', name: 'WhatsApp' } },
    'POST /api/service/edit': { body: { id: serviceNames.kept, name: 'Telegram Messenger' } },
    'POST /api/service/del': { body: { ids: [serviceNames.spare] } },
    'POST /api/aggregator/data': { body: {} },
    'GET /api/aggregator/detail': { query: `?id=${agents.aggregator}` },
    'POST /api/aggregator/add': { body: { name: '假聚合', key: 'k-agg-x', push_url: 'http://127.0.0.1:9/push' } },
    'POST /api/aggregator/edit': { body: { id: agents.aggregator, enabled: false } },
    'POST /api/aggregator/del': { body: { ids: [agents.spareAggregator] } },
    'GET /api/aggregator/sales': {},
    'POST /api/agent_activation/data': { body: {} },
    'GET /api/agent_activation/detail': { query: `?id=${agents.activation}` },
    'POST /api/reseller/data': { body: {} },
    'GET /api/reseller/detail': { query: `?id=${resellerRow}` },
    'POST /api/reseller/add': { body: { user_id: spareCustomer.id, site_name: '偷开的分站', host: 'steal.example.com', markup: 5 } },
    'POST /api/reseller/edit': { body: { id: resellerRow, markup: 300 } },
  });
  /** The resources with a sup route no hand-written call covers: their calls and rows come from the declaration. */
  let declaredNames: string[] = [];
  let rows: DeclaredRows = {};
  const valid = (): Record<string, { query?: string; body?: unknown }> => ({
    ...Object.fromEntries(declaredNames.flatMap((n) => Object.entries(validCalls(n))).map(([k, c]) => [k, fillRows(c, rows)])),
    ...handValid(),
  });
  /** The staff accounts' tokens by role (the owner is the first sup). */
  const staff = {} as Record<'operator' | 'finance' | 'support', string>;
  const send = (r: RouteInfo, token: string | undefined, input: { query?: string; body?: unknown } = {}) =>
    s.call(r.method, r.path + (input.query ?? ''), { token, body: r.method === 'POST' ? (input.body ?? {}) : undefined });

  beforeAll(async () => {
    // The fake provider listens on loopback, which an upstream address may be only with this setting.
    s = await startServer(kind, { settings: { webhookAllowPrivate: true } });
    supToken = await s.login(SUP.username, SUP.password);
    customer = await s.addCustomer(supToken, 'cust_one');
    other = await s.addCustomer(supToken, 'cust_two');
    reseller = await s.addCustomer(supToken, 'cust_reseller');
    const made = await s.post(
      '/api/reseller/add',
      { user_id: reseller.id, site_name: '分站', host: 'shop.example.com', markup: 10 },
      supToken,
    );
    expect(made.code, made.message).toBe(200);
    resellerRow = made.data.id;
    spareCustomer = await s.addCustomer(supToken, 'cust_spare');
    await s.post('/api/user/money', { id: other.id, amount: 5, remark: '给别人' }, supToken);
    noticeId = (await s.post('/api/notice/add', { title: '真公告', content: '<p>真</p>' }, supToken)).data.id;
    spareNoticeId = (await s.post('/api/notice/add', { title: '另一条', content: '<p>另</p>' }, supToken)).data.id;
    await s.post('/api/config/edit', { content: '<p>联系我们</p>' }, supToken);
    transferId = await unmatchedTransfer(s);

    shop.group = (await s.post('/api/group/add', { name: 'VIP', rate: 0.9 }, supToken)).data.id;
    shop.spareGroup = (await s.post('/api/group/add', { name: '空分组', rate: 0.8 }, supToken)).data.id;
    shop.goods = await addGoods(s, supToken, { reset_limit: 3, renew_price: 0.2 });
    shop.spareGoods = await addGoods(s, supToken, { title: '待删除' });
    await importLines(s, supToken, shop.goods, phones(6));
    shop.discount = (await s.post('/api/discount/add', { user_id: other.id, goods_id: shop.goods, rate: 0.8 }, supToken)).data.id;
    shop.spareDiscount = (await s.post('/api/discount/add', { user_id: other.id, rate: 0.9 }, supToken)).data.id;
    // The other customer (who has $5) buys two links at 1.5 x 0.8 and receives a code on the first.
    const a = await buyOk(s, other.token, shop.goods);
    const b = await buyOk(s, other.token, shop.goods);
    [shop.orderA, shop.orderB, shop.tokenA, shop.tokenB] = [a.order_id, b.order_id, a.tokens[0], b.tokens[0]];
    expect((await deliver(s, a.tokens[0].identifier, '验证码 246810 请勿泄露')).tokenIds).toEqual([a.tokens[0].id]);
    await s.post('/api/token/reset', { id: shop.tokenA.id }, other.token);
    shop.tokenC = (await buyOk(s, other.token, shop.goods)).tokens[0];
    const available = await s.database.db.selectFrom('stock_items').select('id').where('state', '=', 'available').orderBy('id').execute();
    [shop.stockDel, shop.stockOff, shop.stockOn] = available.map((r) => Number(r.id));
    expect((await s.post('/api/stock/disable', { ids: [shop.stockOn] }, supToken)).data.changed).toBe(1);
    expect((await s.post('/api/apikey/create', {}, customer.token)).code).toBe(200);
    shop.device = (await s.post('/api/device/add', { name: '一号机' }, supToken)).data.id;
    shop.spareDevice = (await s.post('/api/device/add', { name: '待删除' }, supToken)).data.id;
    await s.app.jobs.runNow('device-numbers-sync');
    shop.deviceNumber = Number((await s.database.db.selectFrom('device_numbers').select('id').orderBy('id').executeTakeFirstOrThrow()).id);
    shop.message = Number((await s.database.db.selectFrom('messages').select('id').executeTakeFirstOrThrow()).id);
    // Codes that reached no link, for the sup to look at and assign to a third link (the others are refunded above).
    shop.unassigned = (await deliver(s, shop.tokenC.identifier, '验证码 135791', { refusal: '等待分配' })).messageId;
    shop.unlooked = (await deliver(s, shop.tokenC.identifier, '验证码 135792', { refusal: '等待分配' })).messageId;
    fake = await startFakeSmsActivate();
    upstream.provider = (await s.post('/api/provider/add', { name: '上游A', base_url: fake.url, api_key: fake.apiKey }, supToken)).data.id;
    upstream.spareProvider = (
      await s.post('/api/provider/add', { name: '上游B', base_url: fake.url, api_key: fake.apiKey }, supToken)
    ).data.id;
    auditId = Number((await s.database.db.selectFrom('audit').select('id').orderBy('id').executeTakeFirstOrThrow()).id);
    for (const role of ['operator', 'finance', 'support'] as const) {
      const added = await s.post('/api/user/add', { username: `staff_${role}`, password: 'Staff-pass-1', type: 'sup', role }, supToken);
      expect(added.data.role).toBe(role);
      staff[role] = await s.login(`staff_${role}`, 'Staff-pass-1');
    }
    serviceNames.kept = (await s.post('/api/service/add', { service: 'tg', name: 'Telegram' }, supToken)).data.id;
    serviceNames.spare = (await s.post('/api/service/add', { service: 'zz', name: 'Zeta' }, supToken)).data.id;
    agents.aggregator = (
      await s.post('/api/aggregator/add', { name: '聚合A', key: 'k-agg-1', push_url: 'http://127.0.0.1:9/a' }, supToken)
    ).data.id;
    agents.spareAggregator = (
      await s.post('/api/aggregator/add', { name: '聚合B', key: 'k-agg-2', push_url: 'http://127.0.0.1:9/b' }, supToken)
    ).data.id;
    agents.activation = await agentActivation(s, agents.aggregator, shop.goods);
    const hand = new Set(Object.keys(handValid()));
    declaredNames = resourcesOf(supRoutes.map(key).filter((k) => !hand.has(k)));
    rows = await declaredRows(s, supToken, declaredNames);
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  it('the route table matches the routes the server registered', () => {
    expect(routes.map(key).sort()).toEqual(registeredRoutes(s.app));
    expect(Object.keys(valid()).sort()).toEqual(supRoutes.map(key).sort());
  });

  it('the sup routes come from resources.config.ts and the domain calls', () => {
    expect(supRoutes.map(key)).toEqual(
      expect.arrayContaining([
        'POST /api/user/data',
        'POST /api/user/add',
        'POST /api/user/edit',
        'GET /api/user/detail',
        'POST /api/notice/data',
        'POST /api/notice/add',
        'POST /api/notice/edit',
        'POST /api/notice/del',
        'POST /api/user/money',
        'POST /api/user/manager',
        'POST /api/user/search',
        'POST /api/config/edit',
      ]),
    );
  });

  it.each(supRoutes.map((r) => [key(r), r] as const))('a customer calling %s gets 403 and changes nothing', async (_k, route) => {
    const before = await s.snapshot();
    const r = await send(route, customer.token, valid()[key(route)]);
    expect(r.status).toBe(200);
    expect(r.code).toBe(403);
    expect(chinese(r.message)).toBe(true);
    expect(r.data).toBeNull();
    expect(await s.snapshot()).toBe(before);
    // The customer's session is untouched by the refusal.
    expect((await s.post('/api/user/info', undefined, customer.token)).data).toMatchObject({ type: 'user', balance: 0 });
  });

  it("a customer reading a notice by id (the editor's call) gets 403", async () => {
    const r = await s.get(`/api/notice/detail?id=${noticeId}`, customer.token);
    expect(r.code).toBe(403);
    expect(r.data).toBeNull();
  });

  it("a customer never reads another user's rows", async () => {
    const ledger = await s.database.db.selectFrom('ledger').select('id').where('user_id', '=', other.id).executeTakeFirstOrThrow();
    const recharge = await s.database.db.selectFrom('recharges').select('id').where('user_id', '=', other.id).executeTakeFirstOrThrow();
    expect((await s.get(`/api/finance/detail?id=${ledger.id}`, customer.token)).code).toBe(404);
    expect((await s.get(`/api/recharge/detail?id=${recharge.id}`, customer.token)).code).toBe(404);
    expect((await s.post('/api/finance/data', {}, customer.token)).data).toEqual({ list: [], total: 0 });
    expect((await s.post('/api/recharge/data', {}, customer.token)).data).toEqual({ list: [], total: 0 });
    expect((await s.post('/api/finance/data', { user_id: other.id }, customer.token)).code).toBe(400);
    expect((await s.post('/api/recharge/data', { user_id: other.id }, customer.token)).code).toBe(400);
  });

  it.each(routes.filter((r) => r.access !== 'public').map((r) => [key(r), r] as const))(
    'without a token %s answers 203 and changes nothing',
    async (_k, route) => {
      const before = await s.snapshot();
      const r = await send(route, undefined, staffRule(route.access) ? valid()[key(route)] : {});
      expect(r.code).toBe(203);
      expect(r.data).toBeNull();
      expect(await s.snapshot()).toBe(before);
    },
  );

  it("a sup cannot buy, reset or renew: those calls are a customer's (403, nothing changes)", async () => {
    const calls: [string, unknown][] = [
      ['/api/order/buy', { goods_id: shop.goods, quantity: 1 }],
      ['/api/order/quote', { goods_id: shop.goods, quantity: 1 }],
      ['/api/token/reset', { id: shop.tokenA.id }],
      ['/api/token/quote', { id: shop.tokenA.id, days: 1 }],
      ['/api/token/augment', { id: shop.tokenA.id, days: 1 }],
      ['/api/apikey/create', {}],
    ];
    for (const [path, body] of calls) {
      const before = await s.snapshot();
      const r = await s.post(path, body, supToken);
      expect(r.code, path).toBe(403);
      expect(chinese(r.message)).toBe(true);
      expect(await s.snapshot()).toBe(before);
    }
  });

  it("a customer never reads or acts on another user's links, orders or records (404, nothing changes)", async () => {
    const db = s.database.db;
    const rowOf = async (table: 'code_records' | 'reset_records' | 'orders') =>
      Number((await db.selectFrom(table).select('id').where('user_id', '=', other.id).executeTakeFirstOrThrow()).id);
    const reads = [
      `/api/token/detail?id=${shop.tokenA.id}`,
      `/api/order/detail?id=${shop.orderA}`,
      `/api/record/detail?id=${await rowOf('code_records')}`,
      `/api/reset/detail?id=${await rowOf('reset_records')}`,
    ];
    for (const path of reads) {
      const r = await s.get(path, customer.token);
      expect(r.code, path).toBe(404);
      expect(r.data).toBeNull();
      expect((await s.get(path, other.token)).code, path).toBe(200);
    }
    for (const api of ['token', 'order', 'record', 'reset', 'augment']) {
      expect((await s.post(`/api/${api}/data`, {}, customer.token)).data, api).toEqual({ list: [], total: 0 });
      expect((await s.post(`/api/${api}/data`, { user_id: other.id }, customer.token)).code, api).toBe(400);
    }
    const acts: [string, unknown][] = [
      ['/api/token/reset', { id: shop.tokenA.id }],
      ['/api/token/augment', { id: shop.tokenA.id, days: 1 }],
      ['/api/token/quote', { id: shop.tokenA.id, days: 1 }],
    ];
    await s.post('/api/user/money', { id: customer.id, amount: 10, remark: '够续费' }, supToken);
    for (const [path, body] of acts) {
      const before = await s.snapshot();
      const r = await s.post(path, body, customer.token);
      expect(r.code, path).toBe(404);
      expect(chinese(r.message)).toBe(true);
      expect(await s.snapshot()).toBe(before);
    }
    const exported = await s.post('/api/token/export', { ids: [shop.tokenA.id, shop.tokenB.id] }, customer.token);
    expect(exported.data).toEqual({ list: [], total: 0 });
    await s.post('/api/user/money', { id: customer.id, amount: -10, remark: '收回' }, supToken);
  });

  it('the public calls answer without a token', async () => {
    expect((await s.get('/api/config/index')).data.content).toBe('<p>联系我们</p>');
    expect((await s.post('/api/store/data', {})).data.list.map((g: Record<string, unknown>) => g.id)).toContain(shop.goods);
    const code = await s.call('GET', `/api/code/${shop.tokenA.token}`);
    expect(code.data).toMatchObject({ state: 'active', code: null });
    expect((await s.post('/api/user/login', {})).code).toBe(400);
    expect((await s.post('/api/user/register', {})).code).toBe(400);
    const ingest = await s.call('POST', '/api/ingest/sms/no-such-device', {
      raw: 'from=1&content=2',
      contentType: 'application/x-www-form-urlencoded',
    });
    expect([ingest.status, ingest.code]).toEqual([404, 404]);
  });

  /**
   * The table: every route x every caller, with the answer its declared rule gives. A refused call
   * (403 for a role, 203 without a session) is sent with a body the route would accept and changes
   * nothing; an allowed one is sent with a body no route accepts (an unknown field), so it is seen to
   * pass the role check (it reaches the route's own validation) without changing anything.
   */
  const table = routes
    .filter((r) => r.access !== 'public')
    .flatMap((r) => CALLERS.map((who) => [key(r), who, expected(r.access, who), r] as const));

  it('the table covers every role on every route', () => {
    const refusedByEveryone = supRoutes.filter((r) => CALLERS.every((who) => who === 'owner' || expected(r.access, who) !== 'pass'));
    // Every staff route is open to the owner; those the narrower roles share are named in staff.ts.
    expect(supRoutes.every((r) => expected(r.access, 'owner') === 'pass')).toBe(true);
    expect(refusedByEveryone.map(key)).toEqual(
      expect.arrayContaining(['POST /api/user/add', 'POST /api/user/edit', 'POST /api/config/edit']),
    );
    expect(expected('sup:money', 'operator')).toBe(403);
    expect(expected('sup:money', 'finance')).toBe('pass');
    expect(expected('own:money', 'operator')).toBe(403);
    expect(expected('own:orders', 'support')).toBe('pass');
    expect(expected('sup:care', 'support')).toBe('pass');
    expect(expected('sup:care', 'finance')).toBe(403);
    // A reseller is a customer with more: its own calls are refused to a customer and to every sup, the owner too.
    expect(expected('customer:reseller', 'reseller')).toBe('pass');
    expect(expected('customer:reseller', 'customer')).toBe(403);
    expect(expected('customer:reseller', 'owner')).toBe(403);
    expect(supRoutes.every((r) => expected(r.access, 'reseller') === 403)).toBe(true);
  });

  it.each(table)('%s as %s: %s', async (_k, who, answer, route) => {
    const token =
      who === 'anonymous'
        ? undefined
        : who === 'owner'
          ? await s.login(SUP.username, SUP.password)
          : who === 'customer'
            ? customer.token
            : who === 'reseller'
              ? reseller.token
              : staff[who];
    if (answer === 'pass') {
      const r =
        route.method === 'POST' ? await s.call('POST', route.path, { token, body: { probe_only_field: 1 } }) : await send(route, token);
      expect([203, 204, 205, 403], `${r.code} ${r.message}`).not.toContain(r.code);
      return;
    }
    const before = await s.snapshot();
    const r = await send(route, token, staffRule(route.access) ? valid()[key(route)] : {});
    expect(r.code, r.message).toBe(answer);
    expect(r.data).toBeNull();
    expect(await s.snapshot()).toBe(before);
  });

  /**
   * The reads a narrower role is granted, sent as that role with a body the route accepts: each
   * reaches its handler and answers 200 (a check inside the handler, stricter than the route's rule,
   * would show here). Reads change nothing, so every role may send them.
   */
  const reads = supRoutes
    .filter((r) => r.method === 'GET' || /\/(data|detail|quote|links)$/.test(r.path))
    .flatMap((r) =>
      (['operator', 'finance', 'support'] as const)
        .filter((who) => expected(r.access, who) === 'pass')
        .map((who) => [key(r), who, r] as const),
    )
    // The probe's audit row is not a money row: finance is told it does not exist (tests/api/audit).
    .filter(([k, who]) => !(k === 'GET /api/audit/detail' && who === 'finance'));
  it.each(reads)('%s as %s, with a body it accepts, answers 200', async (_k, who, route) => {
    const call = valid()[key(route)];
    if (!call) return;
    const before = await s.snapshot();
    const r = await send(route, staff[who], call);
    expect(r.code, r.message).toBe(200);
    expect(await s.snapshot()).toBe(before);
  });

  // Last, as it changes data: the calls refused above are ones a sup may make.
  it.each(supRoutes.map((r) => [key(r), r] as const))('the same call to %s from the sup is accepted', async (_k, route) => {
    const token = await s.login(SUP.username, SUP.password); // user/manager ends the sup's session
    const r = await send(route, token, valid()[key(route)]);
    expect(r.code, r.message).toBe(200);
  });
});
