/** Who may call what: a customer against every sup call, and nobody without a token. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../helpers/server.js';
import { expectedRoutes, key, registeredRoutes, type RouteInfo } from './routes.js';
import { unmatchedTransfer } from './fixtures/usdt.js';

const routes = expectedRoutes();
const supRoutes = routes.filter((r) => r.access === 'sup');

describe.each(dbKinds)('refusals on %s', (kind) => {
  let s: TestServer;
  let supToken: string;
  let customer: { id: number; token: string };
  let other: { id: number; token: string };
  let noticeId: number;
  let spareNoticeId: number;
  let transferId: number;

  /** A call each sup route would accept from a sup: the refusal must be about the role alone. */
  const valid = (): Record<string, { query?: string; body?: unknown }> => ({
    'POST /api/user/data': { body: {} },
    'GET /api/user/detail': { query: `?id=${other.id}` },
    'POST /api/user/add': { body: { username: 'intruder', password: 'password-1', type: 'sup' } },
    'POST /api/user/edit': { body: { id: customer.id, type: 'sup' } },
    'POST /api/user/search': { body: { keyword: 'cust' } },
    'POST /api/user/money': { body: { id: customer.id, amount: 1000, remark: '自己加钱' } },
    'POST /api/user/manager': { body: { id: other.id } },
    'POST /api/notice/data': { body: {} },
    'POST /api/notice/add': { body: { title: '假公告', content: '<p>x</p>', popup: true } },
    'POST /api/notice/edit': { body: { id: noticeId, title: '被改了' } },
    'POST /api/notice/del': { body: { ids: [spareNoticeId] } },
    'POST /api/config/edit': { body: { content: '<p>被改了</p>' } },
    'GET /api/usdt/config': {},
    'POST /api/usdt/config/edit': { body: { min_amount: 5 } },
    'POST /api/usdt/poll': { body: {} },
    'POST /api/transfer/data': { body: {} },
    'GET /api/transfer/detail': { query: `?id=${transferId}` },
    'POST /api/transfer/attach': { body: { id: transferId, user_id: customer.id } },
  });
  const send = (r: RouteInfo, token: string | undefined, input: { query?: string; body?: unknown } = {}) =>
    s.call(r.method, r.path + (input.query ?? ''), { token, body: r.method === 'POST' ? input.body ?? {} : undefined });

  beforeAll(async () => {
    s = await startServer(kind);
    supToken = await s.login(SUP.username, SUP.password);
    customer = await s.addCustomer(supToken, 'cust_one');
    other = await s.addCustomer(supToken, 'cust_two');
    await s.post('/api/user/money', { id: other.id, amount: 5, remark: '给别人' }, supToken);
    noticeId = (await s.post('/api/notice/add', { title: '真公告', content: '<p>真</p>' }, supToken)).data.id;
    spareNoticeId = (await s.post('/api/notice/add', { title: '另一条', content: '<p>另</p>' }, supToken)).data.id;
    await s.post('/api/config/edit', { content: '<p>联系我们</p>' }, supToken);
    transferId = await unmatchedTransfer(s);
  });
  afterAll(() => s?.close());

  it('the route table matches the routes the server registered', () => {
    expect(routes.map(key).sort()).toEqual(registeredRoutes(s.app));
    expect(Object.keys(valid()).sort()).toEqual(supRoutes.map(key).sort());
  });

  it('the sup routes come from resources.config.ts and the domain calls', () => {
    expect(supRoutes.map(key)).toEqual(expect.arrayContaining([
      'POST /api/user/data', 'POST /api/user/add', 'POST /api/user/edit', 'GET /api/user/detail',
      'POST /api/notice/data', 'POST /api/notice/add', 'POST /api/notice/edit', 'POST /api/notice/del',
      'POST /api/user/money', 'POST /api/user/manager', 'POST /api/user/search', 'POST /api/config/edit',
    ]));
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

  it('a customer reading a notice by id (the editor\'s call) gets 403', async () => {
    const r = await s.get(`/api/notice/detail?id=${noticeId}`, customer.token);
    expect(r.code).toBe(403);
    expect(r.data).toBeNull();
  });

  it('a customer never reads another user\'s rows', async () => {
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
      const r = await send(route, undefined, route.access === 'sup' ? valid()[key(route)] : {});
      expect(r.code).toBe(203);
      expect(r.data).toBeNull();
      expect(await s.snapshot()).toBe(before);
    },
  );

  it('the public calls answer without a token', async () => {
    expect((await s.get('/api/config/index')).data.content).toBe('<p>联系我们</p>');
    expect((await s.post('/api/user/login', {})).code).toBe(400);
    expect((await s.post('/api/user/register', {})).code).toBe(400);
  });

  // Last, as it changes data: the calls refused above are ones a sup may make.
  it.each(supRoutes.map((r) => [key(r), r] as const))('the same call to %s from the sup is accepted', async (_k, route) => {
    const token = await s.login(SUP.username, SUP.password); // user/manager ends the sup's session
    const r = await send(route, token, valid()[key(route)]);
    expect(r.code, r.message).toBe(200);
  });
});
