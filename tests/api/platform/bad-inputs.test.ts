/**
 * Bad input, endpoint by endpoint: never a 500, always a Chinese message with the right code, and no
 * table changes by a single row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { expectedRoutes, key, type RouteInfo } from './routes.js';
import { BODY_LIMIT } from '../../../server/platform/http/body.js';
import { SHOP, unmatchedTransfer } from '../fixtures/usdt.js';
import { addGoods, buyOk, credit, importLines, phones } from '../../helpers/commerce.js';
import { badCases, declaredRows, fillRows, listFilters, listRoute, resourcesOf, type DeclaredRows } from './declared-calls.js';
import { agentActivation } from '../../helpers/fake-aggregator.js';

const routes = expectedRoutes();
/**
 * The 易支付 gateway's calls answer in the gateway's words (`fail`), not the envelope: tests/api/finance/epay.test.ts;
 * the aggregators' endpoint in the SMSHUB protocol's (`{"status":"ERROR"}`): tests/api/agents/protocol.test.ts.
 */
const GATEWAY = ['POST /api/epay/notify', 'GET /api/epay/notify', 'GET /api/epay/return', 'POST /api/agent/:id'];
const postRoutes = routes.filter((r) => r.method === 'POST' && !GATEWAY.includes(key(r)));

interface Case {
  route: string;
  what: string;
  body?: unknown;
  raw?: string;
  contentType?: string;
  query?: string;
  /** The path to call instead of the route's own (a route with a parameter). */
  path?: string;
  code?: number;
}

/** Bodies no endpoint accepts. */
const everywhere: Omit<Case, 'route'>[] = [
  { what: 'broken JSON', raw: '{"username": "a",' },
  { what: 'a JSON array', raw: '[{"id": 1}]' },
  { what: 'a JSON string', raw: '"text"' },
  { what: 'a JSON number', raw: '42' },
  { what: 'JSON true', raw: 'true' },
  { what: 'an unknown field', body: { no_such_field: 1 } },
  { what: 'a __proto__ key', raw: '{"__proto__": {"type": "sup"}}' },
  { what: 'a constructor.prototype key', raw: '{"constructor": {"prototype": {"type": "sup"}}}' },
  { what: 'a form-encoded body', raw: 'username=admin&password=x', contentType: 'application/x-www-form-urlencoded' },
  { what: 'a plain-text body', raw: 'hello', contentType: 'text/plain' },
  { what: 'a NUL character', body: { ['k\u0000']: 'v\u0000' } },
  { what: 'deep nesting', raw: `{"a":${'['.repeat(50_000)}${']'.repeat(50_000)}}` },
  { what: 'an oversized body (over 1 MB)', raw: JSON.stringify({ content: 'x'.repeat(1_100_000) }), code: 413 },
  { what: 'a body just over the limit', raw: JSON.stringify({ content: 'x'.repeat(BODY_LIMIT) }), code: 413 },
];

const badDates = [
  ['a single date, not a range', '2024-01-01'],
  ['a range of one', ['2024-01-01']],
  ['a range of three', ['2024-01-01', '2024-01-02', '2024-01-03']],
  ['month 13', ['2024-13-01', null]],
  ['February 30th', ['2024-02-30', null]],
  ['hour 25', [null, '2024-01-01 25:00:00']],
  ['words', ['yesterday', 'today']],
  ['epoch numbers', [1704067200000, 1704153600000]],
  ['a slashed date', ['2024/01/01', null]],
  ['an ISO time with zone', ['2024-01-01T00:00:00Z', null]],
] as const;

/** What each list call refuses, beyond the bodies above. */
function listCases(route: string, fields: Record<string, unknown>): Case[] {
  const out: Case[] = [
    ...[
      'page=0',
      'page=-1',
      'page=abc',
      'page=1.5',
      'page=1&page=2',
      'pageSize=0',
      'pageSize=1001',
      'pageSize=abc',
      'pageSize=-20',
      'page=99999999999',
    ].map((q) => ({ route, what: `?${q}`, query: `?${q}`, body: {} })),
    { route, what: 'sorting by an unsortable field', body: { sort: 'remark' } },
    { route, what: 'sorting by a column that is not a field', body: { sort: 'password_hash' } },
    { route, what: 'sorting by an object property name', body: { sort: 'constructor' } },
    { route, what: 'a sort that is not text', body: { sort: ['id'] } },
    { route, what: 'an order other than asc or desc', body: { order: 'up' } },
    { route, what: 'filtering by a field without search', body: { id: 1 } },
    ...badDates.map(([what, value]) => ({ route, what: `create_at as ${what}`, body: { create_at: value } })),
  ];
  for (const [field, value] of Object.entries(fields))
    out.push({ route, what: `${field} = ${JSON.stringify(value)}`, body: { [field]: value } });
  return out;
}

// Rows made in beforeAll, named here and put in when a case is sent.
const C = '$customer';
const N = '$notice';
const T = '$transfer';
const O = '$usdtOrder';
const G = '$goods';
const OFF = '$offSale';
const LT = '$linkId';
const LINK = '$linkToken';
const ORD = '$buyOrder';
const GR = '$group';
const DEF = '$defaultGroup';
const D = '$discount';
const S = '$stock';
const DV = '$device';
const DK = '$ingestKey';
const DOFF = '$offKey';
const MSG = '$message';
const DN = '$deviceNumber';

/** The SMS webhook answers refusals in its HTTP status too; a body that holds no signature is 401. */
const INGEST = 'POST /api/ingest/sms/:key';
const unreadable = ['broken JSON', 'a JSON array', 'a JSON string', 'a JSON number', 'JSON true'];
// Its bodies are small: the 100 KB of deep nesting is over its 64 KB limit.
const ingestGeneral = (c: Omit<Case, 'route'>): Omit<Case, 'route'> => ({
  ...c,
  path: `/api/ingest/sms/${DK}`,
  code: c.code ?? (unreadable.includes(c.what) ? 400 : c.what === 'deep nesting' ? 413 : 401),
});
const P = '$provider';
const AG = '$aggregator';
const AGU = '$aggregatorUsed';
const SN = '$serviceName';
const RS = '$reseller';
const RSU = '$resellerUser';
const RP = '$resellerPrice';
const RSC = '$resellerCustomer';

function specificCases(): Case[] {
  const c = C;
  const ids = { notice: N };
  return [
    // register and login
    ...[
      { username: 123, password: 'password-1' },
      { username: ['abc'], password: 'password-1' },
      { username: 'abc_def', password: ['password-1'] },
      { username: 'abc_def', password: 12345678 },
      { username: 'abc_def', password: 'password-1', email: 5 },
      { username: 'abc_def', password: 'password-1', tg: {} },
      { username: 'abc_def', password: 'password-1', email: 'a\u0000@b.cn' },
      { username: 'abc_def', password: 'x'.repeat(129) },
      { username: null, password: 'password-1' },
    ].map((body) => ({ route: 'POST /api/user/register', what: JSON.stringify(body).slice(0, 60), body })),
    ...[
      {},
      { username: 'admin' },
      { password: 'x' },
      { username: 5, password: 'password' },
      { username: 'admin', password: true },
      { username: 'a'.repeat(65), password: 'password' },
      { username: 'a\u0000b', password: 'password' },
      { username: 'admin', password: 'x'.repeat(129) },
    ].map((body) => ({ route: 'POST /api/user/login', what: JSON.stringify(body).slice(0, 60), body })),
    // the caller's own account
    ...[{ email: 5 }, { email: 'nope' }, { tg: 'x'.repeat(65) }, { tg: 'a\u0000' }, { email: ['a@b.cn'] }].map((body) => ({
      route: 'POST /api/user/profile',
      what: JSON.stringify(body),
      body,
    })),
    ...[
      {},
      { old_password: 'Customer-pass-1' },
      { old_password: 'Customer-pass-1', password: 'short' },
      { old_password: 5, password: 'long-enough' },
      { old_password: 'Customer-pass-1', password: ['long-enough'] },
      { old_password: 'wrong-password', password: 'long-enough' },
    ].map((body) => ({ route: 'POST /api/user/password', what: JSON.stringify(body), body })),
    { route: 'POST /api/user/admin', what: 'an id', body: { id: 1 } },
    // two-step login: a code in the login, enabling without a setup, turning off what is not on
    ...[
      { username: 'admin', password: 'password', totp: 123456 },
      { username: 'admin', password: 'password', totp: 'x'.repeat(33) },
    ].map((body) => ({ route: 'POST /api/user/login', what: JSON.stringify(body).slice(0, 60), body })),
    ...[
      {},
      { code: 123456 },
      { code: ['123456'] },
      { code: 'x'.repeat(33) },
      { code: '123456', code2: 1 },
      { code: '123456', status: 409 },
    ].map(({ status, ...body }) => ({ route: 'POST /api/user/totp/enable', what: JSON.stringify(body), body, code: status })),
    ...[{}, { code: 123456 }, { code: '' }, { code: '123456', status: 409 }].map(({ status, ...body }) => ({
      route: 'POST /api/user/totp/disable',
      what: JSON.stringify(body),
      body,
      code: status,
    })),
    // A refused logout ends nothing: the customer's token serves every case after this one.
    ...[{ all: true }, { token: 'x' }].map((body) => ({ route: 'POST /api/user/logout', what: JSON.stringify(body), body })),
    // the sup's user calls
    ...[
      { username: ['abc'], password: 'password-1' },
      { username: 'ok_name', password: 12345678 },
      { username: 'ok_name', password: 'password-1', email: 'x' },
      { username: 'ok_name', password: 'password-1', type: 5 },
      { username: 'ok_name', password: 'password-1', status: 'banned' },
      { username: 'ok_name', password: 'password-1', id: 5 },
      { username: 'ok_name', password: 'password-1', create_at: '2024-01-01 00:00:00' },
      { username: 'ok name', password: 'password-1' },
      { username: 'ok_name', password: 'password-1', tg: 'a\u0000' },
    ].map((body) => ({ route: 'POST /api/user/add', what: JSON.stringify(body).slice(0, 70), body })),
    ...[
      {},
      { id: 'abc' },
      { id: -1 },
      { id: 0 },
      { id: 1.5 },
      { id: [c] },
      { id: 2 ** 53 },
      { id: c, type: 5 },
      { id: c, status: 'banned' },
      { id: c, email: {} },
      { id: c, username: 'renamed' },
      { id: c, balance: 100 },
      { id: c, login_count: 3 },
      { id: c, password: 'short' },
      { id: c, type: null },
    ].map((body) => ({ route: 'POST /api/user/edit', what: JSON.stringify(body), body })),
    ...[
      { keyword: 5 },
      { keyword: 'x'.repeat(33) },
      { ids: 'abc' },
      { ids: [1, 'x'] },
      { ids: Array(101).fill(1) },
      { ids: [0] },
      { ids: {} },
    ].map((body) => ({ route: 'POST /api/user/search', what: JSON.stringify(body).slice(0, 60), body })),
    ...[
      { id: c, amount: 1.005, remark: 'x' },
      { id: c, amount: '1.005', remark: 'x' },
      { id: c, amount: '1.2.3', remark: 'x' },
      { id: c, amount: true, remark: 'x' },
      { id: c, amount: [1], remark: 'x' },
      { id: c, amount: 'NaN', remark: 'x' },
      { id: c, amount: '-', remark: 'x' },
      { id: c, amount: ' ', remark: 'x' },
      { id: c, amount: 1e21, remark: 'x' },
      { id: c, amount: 1, remark: 'x'.repeat(256) },
      { id: c, amount: 1, remark: 'a\u0000' },
      { id: c, amount: 1 },
      { id: 'x', amount: 1, remark: 'x' },
      { amount: 1, remark: 'x' },
      { id: c, amount: 0, remark: 'x' },
      { id: c, amount: -1_000_000.01, remark: 'x' },
      { id: c, amount: '１', remark: 'x' },
    ].map((body) => ({ route: 'POST /api/user/money', what: JSON.stringify(body), body })),
    ...[{}, { id: 'x' }, { id: c, extra: 1 }, { id: -3 }].map((body) => ({
      route: 'POST /api/user/manager',
      what: JSON.stringify(body),
      body,
    })),
    ...[{}, { id: 'x' }, { id: c, extra: 1 }, { id: -3 }, { id: [c] }].map((body) => ({
      route: 'POST /api/user/reset-password',
      what: JSON.stringify(body),
      body,
    })),
    { route: 'POST /api/user/reset-password', what: 'a missing user', body: { id: 999999 }, code: 404 },
    { route: 'POST /api/user/reset-password', what: 'a sup account', body: { id: '$sup' }, code: 403 },
    ...['?id=abc', '?id=0', '?id=-5', '?id=1.5', '', '?id=1e3', '?id=99999999999999999999', `?id=${c}&id=${c}`, '?id=%00'].map((query) => ({
      route: 'GET /api/user/detail',
      what: query || 'no id',
      query,
    })),
    ...listCases('POST /api/user/data', {
      username: 5,
      type: 'root',
      status: true,
      email: 'x',
      balance: 1,
      login_at: ['2024-01-01', null],
      username2: 'x',
    }),
    // notices
    ...[
      { title: '', content: '<p>x</p>' },
      { title: '   ', content: '<p>x</p>' },
      { title: 'x'.repeat(101), content: '<p>x</p>' },
      { title: 5, content: '<p>x</p>' },
      { title: 't', content: 5 },
      { title: 't' },
      { content: '<p>x</p>' },
      { title: 't', content: '<p>x</p>', day: 366 },
      { title: 't', content: '<p>x</p>', day: -1 },
      { title: 't', content: '<p>x</p>', day: 1.5 },
      { title: 't', content: '<p>x</p>', day: '1e2' },
      { title: 't', content: '<p>x</p>', popup: 'true' },
      { title: 't', content: '<p>x</p>', popup: 2 },
      { title: 't', content: 'x'.repeat(20_001) },
      { title: 't', content: '<p>&nbsp;</p>' },
      { title: 't', content: '<p>x</p>', create_at: '2024-01-01 00:00:00' },
      { title: 't', content: '<p>x</p>', id: 5 },
    ].map((body) => ({ route: 'POST /api/notice/add', what: JSON.stringify(body).slice(0, 70), body })),
    ...[
      {},
      { id: 'x' },
      { id: ids.notice, day: 'abc' },
      { id: ids.notice, title: '' },
      { id: ids.notice, content: '<script>x</script>' },
      { id: ids.notice, popup: null },
      { id: ids.notice, day: null },
      { id: ids.notice, day: '' },
      { id: 999_999, title: 'x', code: 404 },
    ].map(({ code, ...body }) => ({ route: 'POST /api/notice/edit', what: JSON.stringify(body), body, code })),
    ...[
      {},
      { ids: [] },
      { ids: 'x' },
      { ids: [0] },
      { ids: Array(101).fill(1) },
      { ids: [ids.notice, 'x'] },
      { ids: [999_999], code: 404 },
    ].map(({ code, ...body }) => ({ route: 'POST /api/notice/del', what: JSON.stringify(body).slice(0, 60), body, code })),
    ...['?id=abc', '?id=0', '?id=1.5', '?id=%00'].map((query) => ({ route: 'GET /api/notice/detail', what: query, query })),
    ...listCases('POST /api/notice/data', { title: 5, popup: 'yes', content: 'x', day: 1 }),
    // contact settings
    ...[{ content: 5 }, { content: 'x'.repeat(20_001) }, { content: ['<p>x</p>'] }, { content: '<p>\u0000</p>' }].map((body) => ({
      route: 'POST /api/config/edit',
      what: JSON.stringify(body).slice(0, 60),
      body,
    })),
    // 强制管理员两步验证: a boolean, and only turned on by a sup with two-step login on
    ...[{ require_sup_totp: 'yes' }, { require_sup_totp: null }, { require_sup_totp: true, status: 409 }].map(({ status, ...body }) => ({
      route: 'POST /api/config/edit',
      what: JSON.stringify(body),
      body,
      code: status,
    })),
    // finance and recharge records
    ...listCases('POST /api/finance/data', { type: 'gift', amount: 1, remark: 5, user_id: 1 }),
    ...listCases('POST /api/recharge/data', { type: 'card', user_id: 1, remark: 'x' }),
    ...['?id=abc', '?id=0', '?id=', '?id=1&id=2'].flatMap((query) => [
      { route: 'GET /api/finance/detail', what: query, query },
      { route: 'GET /api/recharge/detail', what: query, query },
    ]),
    // USDT top-up
    ...[
      {},
      { amount: 'abc' },
      { amount: 1.005 },
      { amount: -5 },
      { amount: 0 },
      { amount: [10] },
      { amount: true },
      { amount: 10, extra: 1 },
      { amount: 2_000_000 },
      { amount: 10, user_id: 5 },
      { amount: null },
      { amount: '１０' },
    ].map((body) => ({ route: 'POST /api/usdt/create', what: JSON.stringify(body), body })),
    ...['?id=abc', '?id=0', '?id=-1', '', '?id=1&id=2', '?id=%00', '?id=999999'].map((query) => ({
      route: 'GET /api/usdt/detail',
      what: query || 'no id',
      query,
      code: query === '?id=999999' ? 404 : undefined,
    })),
    ...[{}, { id: 'x' }, { id: -1 }, { id: O, state: 'paid' }, { id: [O] }, { id: 999_999, code: 404 }].map(({ code, ...body }) => ({
      route: 'POST /api/usdt/cancel',
      what: JSON.stringify(body),
      body,
      code,
    })),
    ...listCases('POST /api/usdt/data', { state: 'lost', amount: 1, tx_hash: 5, user_id: 1, address: 'T' }),
    // 易支付 top-up (closed here: a pay order is refused before anything else but a malformed body)
    ...[
      {},
      { amount: 'abc', type: 'alipay' },
      { amount: 10 },
      { amount: 10, type: 5 },
      { amount: -1, type: 'alipay' },
      { amount: 10, type: 'alipay', x: 1 },
    ].map((body) => ({ route: 'POST /api/epay/create', what: JSON.stringify(body), body })),
    ...['?id=abc', '?id=0', '?id=-1', '', '?id=1&id=2', '?id=%00', '?id=999999'].map((query) => ({
      route: 'GET /api/epay/detail',
      what: query || 'no id',
      query,
      code: query === '?id=999999' ? 404 : undefined,
    })),
    ...[{}, { id: 'x' }, { id: -1 }, { id: [1] }, { id: 999_999, code: 404 }].map(({ code, ...body }) => ({
      route: 'POST /api/epay/cancel',
      what: JSON.stringify(body),
      body,
      code,
    })),
    ...listCases('POST /api/epay/data', { state: 'lost', type: 'card', order_no: 5, user_id: 1, amount: 'x' }),
    ...[
      { rate: 0 },
      { types: 'paypal' },
      { gateway: 'ftp://x' },
      { pid: 'a b' },
      { min_amount: 5000, max_amount: 10 },
      { enabled: 'yes' },
      { x: 1 },
    ].map((body) => ({ route: 'POST /api/epay/config/edit', what: JSON.stringify(body), body })),
    ...[
      { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' },
      { address: 5 },
      { address: 'T'.repeat(35) },
      { enabled: 'yes' },
      { enabled: true, address: '' },
      { min_amount: 0 },
      { min_amount: 1.001 },
      { min_amount: 500, max_amount: 100 },
      { max_amount: 'lots' },
      { expire_minutes: 1 },
      { expire_minutes: 1.5 },
      { grace_minutes: 2000 },
      { poll_seconds: 2 },
      { poll_seconds: '5s' },
      { wait_confirm: 'no' },
      { api_url: 'trongrid' },
      { api_url: 'http://a b' },
      { api_url: '' },
      { api_key: 5 },
      { api_key: 'k'.repeat(101) },
      { clear_api_key: 'yes' },
      { contract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' },
      { status: {} },
      { api_key_set: true },
    ].map((body) => ({ route: 'POST /api/usdt/config/edit', what: JSON.stringify(body), body })),
    ...listCases('POST /api/transfer/data', { state: 'lost', reason: 'why', amount: 1, from: 5, user_id: 'x' }),
    // the audit trail (read-only)
    ...listCases('POST /api/audit/data', {
      action: 'nope',
      category: 'gold',
      actor_id: 'x',
      target_id: 1.5,
      hash: 'x',
      before: '{}',
      prev_hash: 'x',
    }),
    ...['?id=abc', '?id=0', '', '?id=999999'].map((query) => ({
      route: 'GET /api/audit/detail',
      what: query || 'no id',
      query,
      code: query === '?id=999999' ? 404 : undefined,
    })),
    ...['?id=abc', '?id=0', '?id=', '?id=1&id=2', '?id=999999'].map((query) => ({
      route: 'GET /api/transfer/detail',
      what: query || 'no id',
      query,
      code: query === '?id=999999' ? 404 : undefined,
    })),
    ...[
      {},
      { id: T },
      { user_id: C },
      { id: T, user_id: 'x' },
      { id: 'x', user_id: C },
      { id: T, user_id: 0 },
      { id: T, user_id: [C] },
      { id: T, user_id: C, amount: 100 },
      { id: T, user_id: '$sup' },
      { id: 999_999, user_id: C, code: 404 },
      { id: T, user_id: 999_999, code: 404 },
    ].map(({ code, ...body }) => ({ route: 'POST /api/transfer/attach', what: JSON.stringify(body), body, code })),
    ...commerceCases(),
    ...upstreamCases(),
    ...serviceNameCases(),
    ...agentCases(),
    ...resellerCases(),
  ];
}

const detailQueries = ['?id=abc', '?id=0', '?id=1.5', '?id=', '?id=%00', '?id=999999'];
const detailCases = (route: string): Case[] =>
  detailQueries.map((query) => ({ route, what: query, query, code: query === '?id=999999' ? 404 : undefined }));
const idsCases = (route: string): Case[] =>
  [{}, { ids: [] }, { ids: 'x' }, { ids: [0] }, { ids: [1, 'x'] }, { ids: {} }].map((body) => ({
    route,
    what: JSON.stringify(body),
    body,
  }));

function commerceCases(): Case[] {
  const goods = { title: 't', channel: 'sms', service: 'tg', price: 1, valid_hours: 1 };
  return [
    // groups
    ...[
      {},
      { name: '', rate: 0.5 },
      { name: 'x'.repeat(51), rate: 0.5 },
      { name: 'a', rate: 0 },
      { name: 'a', rate: 1.01 },
      { name: 'a', rate: 0.555 },
      { name: 'a', rate: '0.5.1' },
      { name: 'a', rate: true },
      { name: 'a', rate: 0.5, is_default: 'yes' },
      { name: 'a', rate: 0.5, sort: -1 },
      { name: 'a', rate: 0.5, user_count: 3 },
      { name: '默认分组', rate: 0.5 },
    ].map((body) => ({ route: 'POST /api/group/add', what: JSON.stringify(body), body })),
    ...[
      {},
      { id: 'x' },
      { id: GR, rate: 2 },
      { id: GR, name: '' },
      { id: DEF, is_default: false, code: 409 },
      { id: GR, name: '默认分组' },
      { id: 999_999, name: 'x', code: 404 },
    ].map(({ code, ...body }) => ({ route: 'POST /api/group/edit', what: JSON.stringify(body), body, code })),
    ...[
      ...idsCases('POST /api/group/del'),
      { route: 'POST /api/group/del', what: 'the default group', body: { ids: [DEF] }, code: 409 },
      { route: 'POST /api/group/del', what: 'a group with users', body: { ids: [GR] }, code: 409 },
    ],
    ...detailCases('GET /api/group/detail'),
    ...listCases('POST /api/group/data', { name: 5, rate: 0.5, is_default: true }),
    // discounts
    ...[
      {},
      { user_id: C },
      { user_id: C, rate: 0.5, price: 1 },
      { user_id: C, price: 1 },
      { user_id: C, rate: 1.5 },
      { user_id: C, rate: 0 },
      { user_id: 999_999, rate: 0.5 },
      { user_id: C, goods_id: 999_999, rate: 0.5 },
      { user_id: C, rate: 0.5, start_at: '2025-02-01 00:00:00', end_at: '2025-01-01 00:00:00' },
      { user_id: C, rate: 0.5, start_at: 'tomorrow' },
      { user_id: C, goods_id: G, price: 0.001 },
      { user_id: 'x', rate: 0.5 },
    ].map((body) => ({ route: 'POST /api/discount/add', what: JSON.stringify(body), body })),
    ...[
      {},
      { id: D, rate: 0.5, price: 1 },
      { id: D, rate: null },
      { id: D, price: 2 },
      { id: D, user_id: 999_999 },
      { id: 999_999, rate: 0.5, code: 404 },
    ].map(({ code, ...body }) => ({ route: 'POST /api/discount/edit', what: JSON.stringify(body), body, code })),
    ...idsCases('POST /api/discount/del'),
    ...detailCases('GET /api/discount/detail'),
    ...listCases('POST /api/discount/data', { user_id: 'x', goods_id: 'y', rate: 0.5 }),
    // products
    ...[
      {},
      { ...goods, title: '' },
      { ...goods, channel: 'fax' },
      { ...goods, service: 'a b' },
      { ...goods, price: 0 },
      { ...goods, price: 1.001 },
      { ...goods, valid_hours: 0 },
      { ...goods, receive_limit: -1 },
      { ...goods, min_qty: 5, max_qty: 2 },
      { ...goods, source: 'magic' },
      { ...goods, stock: 100 },
      { ...goods, sold: 1 },
      { ...goods, on_sale: 'yes' },
      { ...goods, max_qty: 1001 },
      { ...goods, renew_price: -1 },
      { ...goods, country: 'cn' },
    ].map((body) => ({ route: 'POST /api/goods/add', what: JSON.stringify(body).slice(0, 80), body })),
    ...[{}, { id: G, min_qty: 1000 }, { id: G, price: null }, { id: G, stock: 5 }, { id: 999_999, title: 'x', code: 404 }].map(
      ({ code, ...body }) => ({ route: 'POST /api/goods/edit', what: JSON.stringify(body), body, code }),
    ),
    ...[
      ...idsCases('POST /api/goods/del'),
      { route: 'POST /api/goods/del', what: 'a product that has sold', body: { ids: [G] }, code: 409 },
    ],
    ...detailCases('GET /api/goods/detail'),
    ...[
      ...[{}, { ids: [] }, { ids: 'x' }, { ids: [0] }, { ids: [G, 'x'] }].map((b): Record<string, unknown> => ({ ...b, on_sale: false })),
      ...[{ ids: [G] }, { ids: [G], on_sale: true, price: 1 }, { ids: [G], on_sale: 'yes' }, { ids: [G], price: 0 }],
      ...[
        { ids: [G], price: 1.005 },
        { ids: [G], price: 'x' },
        { ids: [G], price: 100_001 },
        { ids: [G], on_sale: true, extra: 1 },
      ],
      { ids: [G, 999_999], on_sale: false, code: 404 },
    ].map(({ code, ...body }: Record<string, unknown>) => ({
      route: 'POST /api/goods/bulk',
      what: JSON.stringify(body),
      body,
      code: code as number | undefined,
    })),
    ...listCases('POST /api/goods/data', { channel: 'fax', title: 5, price: 1, service: 3 }),
    // stock
    ...[
      {},
      { goods_id: G },
      { goods_id: G, text: 5 },
      { goods_id: G, text: '' },
      { goods_id: G, text: 'abc' },
      { goods_id: G, text: '8613911111111\n12' },
      { goods_id: G, text: '8613911111111\n8613911111111' },
      { goods_id: 'x', text: '8613911111111' },
      { goods_id: 999_999, text: '8613911111111', code: 404 },
      { goods_id: G, text: '8613911111111', extra: 1 },
      { goods_id: G, text: '8613911111111', skip_bad: 'yes' },
      { goods_id: G, text: 'abc\n12', skip_bad: true },
    ].map(({ code, ...body }) => ({ route: 'POST /api/stock/import', what: JSON.stringify(body), body, code })),
    ...idsCases('POST /api/stock/disable'),
    ...idsCases('POST /api/stock/enable'),
    ...[...idsCases('POST /api/stock/del'), { route: 'POST /api/stock/del', what: 'a sold item', body: { ids: [S] }, code: 409 }],
    ...detailCases('GET /api/stock/detail'),
    ...listCases('POST /api/stock/data', { state: 'gone', goods_id: 'x', extra: 'x' }),
    // the store
    ...[
      { what: 'page=0', query: '?page=0', body: {} },
      { what: 'pageSize=101', query: '?pageSize=101', body: {} },
      { what: 'a channel of its own', body: { channel: 'fax' } },
      { what: 'a keyword that is not text', body: { keyword: 5 } },
      { what: 'a price filter', body: { price: 1 } },
    ].map((c) => ({ route: 'POST /api/store/data', ...c })),
    // buying
    ...['POST /api/order/buy', 'POST /api/order/quote'].flatMap((route) =>
      [
        {},
        { goods_id: G },
        { goods_id: G, quantity: 0 },
        { goods_id: G, quantity: 101 },
        { goods_id: G, quantity: 1.5 },
        { goods_id: G, quantity: '2x' },
        { goods_id: 'x', quantity: 1 },
        { goods_id: G, quantity: 1, price: 0.01 },
        { goods_id: OFF, quantity: 1 },
        { goods_id: 999_999, quantity: 1, code: 404 },
      ].map(({ code, ...body }) => ({ route, what: JSON.stringify(body), body, code })),
    ),
    ...[
      {},
      { id: ORD, amount: 0, remark: 'x' },
      { id: ORD, amount: 0.001, remark: 'x' },
      { id: ORD, amount: 1 },
      { id: ORD, amount: 1, remark: '' },
      { id: ORD, amount: 1000, remark: 'x', code: 409 },
      { id: 999_999, amount: 1, remark: 'x', code: 404 },
    ].map(({ code, ...body }) => ({ route: 'POST /api/order/refund', what: JSON.stringify(body), body, code })),
    ...detailCases('GET /api/order/detail'),
    ...listCases('POST /api/order/data', { type: 'gift', state: 'lost', order_no: 5, goods_id: 'x' }),
    // links
    ...['POST /api/token/reset', 'POST /api/token/cancel', 'POST /api/token/finish', 'POST /api/token/reuse'].flatMap((route) =>
      [{}, { id: 'x' }, { id: 999_999, code: 404 }, { id: LT, days: 1 }].map(({ code, ...body }) => ({
        route,
        what: JSON.stringify(body),
        body,
        code,
      })),
    ),
    ...['POST /api/token/augment', 'POST /api/token/quote'].flatMap((route) =>
      [
        {},
        { id: LT },
        { id: LT, days: 0 },
        { id: LT, days: 366 },
        { id: LT, days: 1.5 },
        { id: LT, days: '1d' },
        { id: 999_999, days: 1, code: 404 },
      ].map(({ code, ...body }) => ({ route, what: JSON.stringify(body), body, code })),
    ),
    ...[{}, { id: LT }, { id: LT, remark: '' }, { id: 999_999, remark: 'x', code: 404 }].map(({ code, ...body }) => ({
      route: 'POST /api/token/refund',
      what: JSON.stringify(body),
      body,
      code,
    })),
    ...[{ ids: 'x' }, { ids: [0] }, { state: 'lost' }, { goods_id: 'x' }, { user_id: 1 }].map((body) => ({
      route: 'POST /api/token/export',
      what: JSON.stringify(body),
      body,
    })),
    ...detailCases('GET /api/token/detail'),
    // rentals (a link that is not a rental is not found)
    ...['POST /api/rent/extend', 'POST /api/rent/quote'].flatMap((route) =>
      [
        {},
        { id: LT },
        { id: LT, hours: 1 },
        { id: LT, hours: 1345 },
        { id: LT, hours: 1.5 },
        { id: LT, hours: '4h' },
        { id: 'x', hours: 4 },
        { id: LT, hours: 4, code: 404 },
      ].map(({ code, ...body }) => ({ route, what: JSON.stringify(body), body, code })),
    ),
    ...[{}, { id: 'x' }, { id: LT, hours: 4 }, { id: LT, code: 404 }].map(({ code, ...body }) => ({
      route: 'POST /api/rent/finish',
      what: JSON.stringify(body),
      body,
      code,
    })),
    ...['', '?id=abc', '?id=0', '?id=1.5', `?id=${LT}&page=0`, `?id=${LT}&size=101`, `?id=${LT}&size=x`, `?id=${LT}&x=1`].map((query) => ({
      route: 'GET /api/rent/sms',
      what: query || 'no id',
      query,
    })),
    { route: 'GET /api/rent/sms', what: 'a link that is not a rental', query: `?id=${LT}`, code: 404 },
    ...listCases('POST /api/token/data', { state: 'lost', expires_at: '2024-01-01', goods_id: 'x', url: 'x' }),
    // code records, reset and renewal records
    ...['record', 'reset', 'augment'].flatMap((api) => [
      ...detailCases(`GET /api/${api}/detail`),
      ...listCases(`POST /api/${api}/data`, { token_id: 'x', goods_id: 'y', text: 'z' }),
    ]),
    // reading codes
    ...['?wait=61', '?wait=-1', '?wait=1.5', '?wait=abc', '?wait=1&wait=2', '?format=xml', '?format=text&wait=99'].map((query) => ({
      route: 'GET /api/code/:token',
      what: query,
      path: `/api/code/${LINK}`,
      query,
    })),
    { route: 'GET /api/code/:token', what: 'an unknown link', path: '/api/code/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', code: 404 },
    { route: 'GET /api/code/:token', what: 'a malformed link', path: '/api/code/%00%00', code: 404 },
    // API keys
    ...[{ id: 1 }, { key: 'sak_mine' }].map((body) => ({ route: 'POST /api/apikey/create', what: JSON.stringify(body), body })),
    ...[
      {},
      { user_id: 'x' },
      { user_id: 0 },
      { user_id: [C] },
      { user_id: C, remark: 'x' },
      { user_id: 999_999, code: 404 },
      { user_id: C, code: 409 },
    ].map(({ code, ...body }) => ({ route: 'POST /api/apikey/revoke', what: JSON.stringify(body), body, code })),
    ...intakeCases(),
    ...webhookCases(),
    ...telegramCases(),
  ];
}

/** The Telegram bot: this customer has bound no chat (choosing events is then 409); the server has no bot token. */
function telegramCases(): Case[] {
  return [
    { route: 'POST /api/telegram/bind', what: "a code of one's own", body: { code: 'ABCDEFGHJKLM' } },
    { route: 'POST /api/telegram/unbind', what: 'a chat id', body: { chat_id: 1 } },
    ...[
      {},
      { events: 'code' },
      { events: [5] },
      { events: ['stock_low'] },
      { events: ['code', 'code'] },
      { events: ['nope'] },
      { events: ['code'], balance_threshold: -1 },
      { events: ['code'], balance_threshold: 1.005 },
      { events: ['code'], balance_threshold: 'lots' },
      { events: ['code'], balance_threshold: 100_001 },
      { events: ['code'], chat_id: 1 },
      { events: ['code'], code: 409 },
    ].map(({ code, ...body }) => ({ route: 'POST /api/telegram/events', what: JSON.stringify(body), body, code })),
    ...[{}, { token: 5 }, { token: 'abc' }, { token: '12345:short' }, { token: ['123456789:AA'] }, { token: '', extra: 1 }].map((body) => ({
      route: 'POST /api/telegram/bot',
      what: JSON.stringify(body),
      body,
    })),
  ];
}

/** A customer's webhook (this customer has none yet, so calls that need one are 404) and its delivery log. */
function webhookCases(): Case[] {
  const pub = 'https://93.184.216.34/hook';
  return [
    ...[
      {},
      { url: 5 },
      { url: '' },
      { url: '   ' },
      { url: ['https://a.example/'] },
      { url: 'ftp://example.com/' },
      { url: 'not a url' },
      { url: `https://example.com/${'x'.repeat(1000)}` },
      { url: 'http://127.0.0.1/hook' },
      { url: 'http://169.254.169.254/' },
      { url: 'https://user:pw@example.com/' },
      { url: pub, enabled: 'yes' },
      { url: pub, enabled: 1 },
      { enabled: true },
      { url: pub, secret: 'whsec_mine' },
    ].map((body) => ({ route: 'POST /api/webhook/config', what: JSON.stringify(body).slice(0, 70), body })),
    ...[{ secret: 'x' }, { code: 404 }].map(({ code, ...body }) => ({
      route: 'POST /api/webhook/rotate',
      what: JSON.stringify(body),
      body,
      code,
    })),
    ...[{ url: 'x' }, { code: 404 }].map(({ code, ...body }) => ({
      route: 'POST /api/webhook/test',
      what: JSON.stringify(body),
      body,
      code,
    })),
    ...[{}, { id: 'x' }, { id: 0 }, { id: [1] }, { id: 1, force: true }, { id: 999_999, code: 404 }].map(({ code, ...body }) => ({
      route: 'POST /api/delivery/replay',
      what: JSON.stringify(body),
      body,
      code,
    })),
    ...detailCases('GET /api/delivery/detail'),
    ...listCases('POST /api/delivery/data', { status: 'lost', event: 'sms', event_id: 5, url: 'x' }),
  ];
}

function intakeCases(): Case[] {
  const form = 'application/x-www-form-urlencoded';
  return [
    // devices
    ...[
      {},
      { name: '' },
      { name: 'x'.repeat(51) },
      { name: 5 },
      { name: 'a', sim1: 'abc' },
      { name: 'a', sim2: '12' },
      { name: 'a', sim1: '+86 138' },
      { name: 'a', enabled: 'yes' },
      { name: 'a', key: 'mine' },
      { name: 'a', secret: 'mine' },
      { name: 'a', last_seen_at: '2025-01-01 00:00:00' },
      { name: 'a', silent: false },
      { name: 'a', remark: 'x'.repeat(256) },
    ].map((body) => ({ route: 'POST /api/device/add', what: JSON.stringify(body), body })),
    ...[
      {},
      { id: 'x' },
      { id: DV, name: '' },
      { id: DV, sim1: '12' },
      { id: DV, key: 'k' },
      { id: DV, enabled: 2 },
      { id: DV, message_count: 0 },
      { id: 999_999, name: 'x', code: 404 },
    ].map(({ code, ...body }) => ({ route: 'POST /api/device/edit', what: JSON.stringify(body), body, code })),
    ...idsCases('POST /api/device/del'),
    ...detailCases('GET /api/device/detail'),
    ...listCases('POST /api/device/data', { enabled: 'yes', name: 5, key: 5, sim1: ['1'] }),
    ...[{}, { id: 'x' }, { id: 0 }, { id: DV, secret: 'mine' }, { id: 999_999, code: 404 }].map(({ code, ...body }) => ({
      route: 'POST /api/device/secret',
      what: JSON.stringify(body),
      body,
      code,
    })),
    // the SMS webhook
    {
      route: INGEST,
      what: 'an unknown device',
      path: '/api/ingest/sms/AAAAAAAAAAAAAAAAAAAAAA',
      raw: 'from=1&content=x',
      contentType: form,
      code: 404,
    },
    { route: INGEST, what: 'a disabled device', path: `/api/ingest/sms/${DOFF}`, raw: 'from=1&content=x', contentType: form, code: 403 },
    {
      route: INGEST,
      what: 'no signature',
      path: `/api/ingest/sms/${DK}`,
      raw: 'from=1&content=x&timestamp=1700000000000',
      contentType: form,
      code: 401,
    },
    {
      route: INGEST,
      what: 'a wrong signature',
      path: `/api/ingest/sms/${DK}`,
      raw: 'from=1&content=x&timestamp=1700000000000&sign=abc%253D',
      contentType: form,
      code: 401,
    },
    {
      route: INGEST,
      what: 'a timestamp that is not a number',
      path: `/api/ingest/sms/${DK}`,
      raw: '{"from":"1","content":"x","timestamp":"soon","sign":"abc"}',
      code: 400,
    },
    {
      route: INGEST,
      what: 'a body over 64 KB',
      path: `/api/ingest/sms/${DK}`,
      raw: JSON.stringify({ content: 'x'.repeat(70_000) }),
      code: 413,
    },
    { route: 'GET /api/ingest/sms/:key', what: 'an unknown device', path: '/api/ingest/sms/AAAAAAAAAAAAAAAAAAAAAA', code: 404 },
    { route: 'GET /api/ingest/sms/:key', what: 'no fields', path: `/api/ingest/sms/${DK}`, code: 401 },
    {
      route: 'GET /api/ingest/sms/:key',
      what: 'fields glued to the key without a signature',
      path: `/api/ingest/sms/${DK}&content=x&timestamp=1700000000000`,
      code: 401,
    },
    // the inbox and manual entry
    ...[
      {},
      { recipient: '+8613800000000' },
      { text: '验证码 123456' },
      { recipient: 5, text: 'x' },
      { recipient: '', text: 'x' },
      { recipient: 'a', text: 'x'.repeat(5001) },
      { recipient: 'a', text: 'x', code: '123456' },
      { recipient: 'a', text: 'x', source: 'sms' },
      { recipient: 'a', text: 'x', token_id: 1 },
      { recipient: 'a', text: 'x', sender: ['x'] },
      { recipient: 'x'.repeat(129), text: 'x' },
    ].map((body) => ({ route: 'POST /api/message/add', what: JSON.stringify(body).slice(0, 70), body })),
    ...[
      {},
      { id: DV },
      { id: DV, text: 5 },
      { id: DV, text: ' \n ' },
      { id: DV, text: 'a@b.co' },
      { id: 'x', text: '+8613800000000' },
      { id: DV, text: '+8613800000000', device: 1 },
      { id: 999_999, text: '+8613800000000', code: 404 },
    ].map(({ code, ...body }) => ({ route: 'POST /api/device/bind', what: JSON.stringify(body), body, code })),
    // the numbers' records and their checks
    ...[
      {},
      { ids: [] },
      { ids: 'x' },
      { ids: [DN], device_id: DV, extra: 1 },
      { text: 5 },
      { text: ' \n ' },
      { text: 'a@b.co' },
      { text: '+8619999999999' },
      { device_id: 'x' },
      { device_id: DV, unconfirmed: 'yes' },
      { device_id: 999_999, code: 404 },
    ].map(({ code, ...body }) => ({ route: 'POST /api/device_number/check', what: JSON.stringify(body), body, code })),
    ...[{}, { ids: [] }, { ids: ['x'] }, { ids: [DN], more: 1 }].map((body) => ({
      route: 'POST /api/device_number/checks',
      what: JSON.stringify(body),
      body,
    })),
    ...[
      {},
      { id: 'x' },
      { id: DN, keep_days: 0 },
      { id: DN, keep_days: 'x' },
      { id: DN, expire_at: 'soon' },
      { id: DN, device_id: 999_999 },
      { id: DN, state: 'confirmed' },
      { id: DN, slot: '1' },
      { id: DN, check_code: 'HD000000' },
      { id: DN, remark: 'x'.repeat(256) },
      { id: 999_999, remark: 'x', code: 404 },
    ].map(({ code, ...body }) => ({ route: 'POST /api/device_number/edit', what: JSON.stringify(body), body, code })),
    ...detailCases('GET /api/device_number/detail'),
    ...listCases('POST /api/device_number/data', { state: 'lost', device_id: 'x', identifier: 5, expire_at: 'x', keep_days: 3 }),
    ...[{}, { id: 'x' }, { id: 999_999, code: 404 }, { id: MSG, more: 1 }, { id: MSG, code: 400 }].map(({ code, ...body }) => ({
      route: 'POST /api/message/links',
      what: JSON.stringify(body),
      body,
      code,
    })),
    ...[{}, { id: MSG }, { id: MSG, token_id: 'x' }, { id: 999_999, token_id: 1, code: 404 }, { id: MSG, token_id: 1, extra: 1 }].map(
      ({ code, ...body }) => ({ route: 'POST /api/message/assign', what: JSON.stringify(body), body, code }),
    ),
    ...detailCases('GET /api/message/detail'),
    ...listCases('POST /api/message/data', { source: 'fax', matched: 'yes', device_id: 'x', reason: 'x' }),
  ];
}

function upstreamCases(): Case[] {
  const provider = { name: '上游', base_url: 'http://localhost:9/stubs/handler_api.php', api_key: 'k' };
  return [
    ...(
      [
        {},
        { ...provider, name: '' },
        { ...provider, name: 'x'.repeat(51) },
        { ...provider, base_url: 'ftp://x' },
        { ...provider, base_url: 'not a url' },
        { ...provider, api_key: '' },
        { name: '上游', base_url: provider.base_url },
        { ...provider, api_key: 5 },
        { ...provider, balance: 100 },
        { ...provider, last_error: 'x' },
        { ...provider, enabled: 'yes' },
        { ...provider, name: '已有上游', code: 409 },
      ] as ({ code?: number } & Record<string, unknown>)[]
    ).map(({ code, ...body }) => ({ route: 'POST /api/provider/add', what: JSON.stringify(body).slice(0, 80), body, code })),
    ...[
      {},
      { id: 'x' },
      { id: P, base_url: 'x' },
      { id: P, name: '' },
      { id: P, checked_at: '2024-01-01 00:00:00' },
      { id: 999_999, name: 'x', code: 404 },
    ].map(({ code, ...body }) => ({ route: 'POST /api/provider/edit', what: JSON.stringify(body), body, code })),
    ...[
      ...idsCases('POST /api/provider/del'),
      { route: 'POST /api/provider/del', what: 'a provider in use', body: { ids: [P] }, code: 409 },
    ],
    ...detailCases('GET /api/provider/detail'),
    ...listCases('POST /api/provider/data', { name: 5, enabled: 'x', api_key: 'k' }),
    ...[{}, { id: 'x' }, { id: 0 }, { id: [P] }, { id: P, force: true }, { id: 999_999, code: 404 }].map(({ code, ...body }) => ({
      route: 'POST /api/provider/balance',
      what: JSON.stringify(body),
      body,
      code,
    })),
    // goods with upstream fields
    ...[
      { upstream_service: 'a b' },
      { upstream_country: -1 },
      { upstream_country: 'ru' },
      { upstream_max_price: 0 },
      { upstream_max_price: 1.001 },
      { provider_id: 'x' },
    ].map((extra) => ({
      route: 'POST /api/goods/add',
      what: JSON.stringify(extra),
      body: { title: 't', channel: 'sms', service: 'tg', price: 1, valid_hours: 1, ...extra },
    })),
  ];
}

/** The names the SMS-Activate protocol's getServicesList gives a service code (one row per code). */
function agentCases(): Case[] {
  const aggregator = { name: '聚合', key: 'agg-key-1', push_url: 'http://localhost:9/push' };
  return [
    ...(
      [
        {},
        { ...aggregator, name: '' },
        { ...aggregator, name: 'x'.repeat(51) },
        { ...aggregator, key: '' },
        { ...aggregator, key: 'has space' },
        { ...aggregator, key: 5 },
        { name: '聚合', push_url: aggregator.push_url },
        { ...aggregator, push_url: 'ftp://x' },
        { ...aggregator, push_url: 'not a url' },
        { ...aggregator, push_url: 'http://169.254.169.254/latest' },
        { ...aggregator, protocol: 'grizzly' },
        { ...aggregator, enabled: 'yes' },
        { ...aggregator, rub_rate: 0 },
        { ...aggregator, last_call_at: '2024-01-01 00:00:00' },
        { ...aggregator, push_error: 'x' },
        { ...aggregator, state: 'ok' },
        { ...aggregator, name: '已有聚合', code: 409 },
      ] as ({ code?: number } & Record<string, unknown>)[]
    ).map(({ code, ...body }) => ({ route: 'POST /api/aggregator/add', what: JSON.stringify(body).slice(0, 80), body, code })),
    ...[
      {},
      { id: 'x' },
      { id: AG, push_url: 'x' },
      { id: AG, push_url: 'http://localhost:8/elsewhere' },
      { id: AG, name: '' },
      { id: AG, key: 'a b' },
      { id: AG, failing_since: 1 },
      { id: 999_999, name: 'x', code: 404 },
    ].map(({ code, ...body }) => ({ route: 'POST /api/aggregator/edit', what: JSON.stringify(body), body, code })),
    ...idsCases('POST /api/aggregator/del'),
    { route: 'POST /api/aggregator/del', what: 'an aggregator with records', body: { ids: [AGU] }, code: 409 },
    ...detailCases('GET /api/aggregator/detail'),
    ...listCases('POST /api/aggregator/data', { name: 5, enabled: 'x', key: 'k' }),
    ...detailCases('GET /api/agent_activation/detail'),
    ...listCases('POST /api/agent_activation/data', { status: 'lost', aggregator_id: 'x', service: 5, amount: 1 }),
  ];
}

/** Resellers (分站): the owner's 分站管理, a reseller's own prices, calls and transfers, and the profits list. */
function resellerCases(): Case[] {
  const site = { user_id: C, site_name: '新分站', host: 'new.example.com', markup: 10 };
  const priced = { goods_id: G, price: 5 };
  return [
    ...(
      [
        {},
        { ...site, site_name: '' },
        { ...site, site_name: 'x'.repeat(51) },
        { ...site, host: 'http://new.example.com/x' },
        { ...site, host: 'localhost' },
        { ...site, host: 'a b.example.com' },
        { ...site, host: `${'x'.repeat(250)}.com` },
        { ...site, host: 5 },
        { ...site, markup: 300.01 },
        { ...site, markup: -1 },
        { ...site, markup: 1.001 },
        { ...site, markup: 'x' },
        { ...site, settle_days: 91 },
        { ...site, settle_days: -1 },
        { ...site, settle_days: 1.5 },
        { ...site, enabled: 'yes' },
        { ...site, contact: 5 },
        { ...site, customers: 3 },
        { ...site, profit_settled: 1 },
        { ...site, user_id: 'x' },
        { ...site, user_id: '$sup' },
        { ...site, user_id: RSC },
        { ...site, host: 'taken.example.com', code: 409 },
        { ...site, user_id: RSU, code: 409 },
      ] as ({ code?: number } & Record<string, unknown>)[]
    ).map(({ code, ...body }) => ({ route: 'POST /api/reseller/add', what: JSON.stringify(body).slice(0, 80), body, code })),
    ...[
      {},
      { id: 'x' },
      { id: RS, markup: 301 },
      { id: RS, host: 'not a host' },
      { id: RS, user_id: C },
      { id: RS, site_name: '' },
      { id: RS, settle_days: 'x' },
      { id: 999_999, site_name: 'x', code: 404 },
    ].map(({ code, ...body }) => ({ route: 'POST /api/reseller/edit', what: JSON.stringify(body), body, code })),
    ...detailCases('GET /api/reseller/detail'),
    ...listCases('POST /api/reseller/data', { host: 5, enabled: 'x', user_id: 'x' }),
    ...(
      [
        {},
        { ...priced, price: 0 },
        { ...priced, price: 0.001 },
        { ...priced, price: 'x' },
        { ...priced, goods_id: 'x' },
        { goods_id: OFF, price: 0.01 },
        { ...priced, cost: 1 },
        { ...priced, user_id: C, code: 403 },
        { ...priced, code: 409 },
      ] as ({ code?: number } & Record<string, unknown>)[]
    ).map(({ code, ...body }) => ({ route: 'POST /api/reseller_price/add', what: JSON.stringify(body), body, code })),
    ...[{}, { id: 'x' }, { id: RP, price: 0.01 }, { id: RP, price: -1 }, { id: RP, goods_id: G }, { id: 999_999, price: 5, code: 404 }].map(
      ({ code, ...body }) => ({ route: 'POST /api/reseller_price/edit', what: JSON.stringify(body), body, code }),
    ),
    ...idsCases('POST /api/reseller_price/del'),
    ...detailCases('GET /api/reseller_price/detail'),
    ...listCases('POST /api/reseller_price/data', { goods_id: 'x', price: 1 }),
    ...detailCases('GET /api/profit/detail'),
    ...listCases('POST /api/profit/data', { state: 'lost', order_id: 'x', buyer_id: 'x', amount: 1 }),
    ...[
      {},
      { site_name: '' },
      { site_name: 'x'.repeat(51) },
      { markup: 301 },
      { markup: 'x' },
      { host: 'mine.example.com' },
      { settle_days: 0 },
      { enabled: false },
      { contact: 5 },
    ].map((body) => ({ route: 'POST /api/reseller/site/edit', what: JSON.stringify(body), body })),
    ...['page=0', 'page=abc', 'pageSize=101', 'pageSize=-1'].map((q) => ({
      route: 'POST /api/reseller/customers',
      what: `?${q}`,
      query: `?${q}`,
      body: {},
    })),
    ...[{ keyword: 5 }, { keyword: 'x'.repeat(33) }, { username: 'x' }].map((body) => ({
      route: 'POST /api/reseller/customers',
      what: JSON.stringify(body),
      body,
    })),
    ...[
      {},
      { user_id: RSC },
      { user_id: RSC, amount: 0 },
      { user_id: RSC, amount: -1 },
      { user_id: RSC, amount: 1.001 },
      { user_id: RSC, amount: 'x' },
      { user_id: 'x', amount: 1 },
      { user_id: RSC, amount: 1, remark: 'x'.repeat(101) },
      { user_id: C, amount: 1, code: 404 },
      { user_id: RSU, amount: 1, code: 404 },
      { user_id: RSC, amount: 1000, code: 402 },
    ].map(({ code, ...body }) => ({ route: 'POST /api/reseller/transfer', what: JSON.stringify(body), body, code })),
  ];
}

function serviceNameCases(): Case[] {
  return [
    ...(
      [
        {},
        { service: 'tg' },
        { name: 'Telegram' },
        { service: 'a b', name: 'x' },
        { service: 'x'.repeat(33), name: 'x' },
        { service: 'tg', name: '' },
        { service: 'tg', name: '   ' },
        { service: 'tg', name: 'x'.repeat(51) },
        { service: 'tg', name: 5 },
        { service: 'tg', name: 'x', name_cn: 'x'.repeat(51) },
        { service: 'tg', name: 'x', create_at: '2024-01-01 00:00:00' },
        { service: 'wa', name: 'Again', code: 409 },
      ] as ({ code?: number } & Record<string, unknown>)[]
    ).map(({ code, ...body }) => ({ route: 'POST /api/service/add', what: JSON.stringify(body), body, code })),
    ...[
      {},
      { id: 'x' },
      { id: SN, service: '' },
      { id: SN, name: '' },
      { id: SN, service: 'a-b' },
      { id: 999_999, name: 'x', code: 404 },
    ].map(({ code, ...body }) => ({ route: 'POST /api/service/edit', what: JSON.stringify(body), body, code })),
    ...idsCases('POST /api/service/del'),
    ...detailCases('GET /api/service/detail'),
    ...listCases('POST /api/service/data', { service: 5, name: 7, name_cn: 'x' }),
  ];
}

/**
 * The generic routes no hand-written case covers (a resource declared with no rule beyond its
 * fields), with the cases its declaration gives: sent as the sup where the sup may call the route,
 * against rows made from the declaration.
 */
const handCovered = new Set(specificCases().map((c) => c.route));
const declaredNames = resourcesOf(routes.map(key).filter((k) => !handCovered.has(k)));
function declaredCases(): (Case & { asSup?: boolean })[] {
  return declaredNames
    .flatMap((name) => {
      const list = listRoute(name);
      return [...badCases(name), ...(list ? listCases(list, listFilters(name)) : [])];
    })
    .filter((c) => !handCovered.has(c.route))
    .map((c) => ({ ...c, asSup: true }));
}
const allCases = (): (Case & { asSup?: boolean })[] => [...specificCases(), ...declaredCases()];

describe.each(dbKinds)('bad input on %s', (kind) => {
  let s: TestServer;
  let tokens: Record<'sup' | 'customer' | 'reseller', string>;
  let ids: { customer: number; notice: number; transfer: number; usdtOrder: number; sup: number };
  /** Placeholders of the commerce cases and the rows they stand for. */
  const rows: Record<string, number | string> = {};
  /** The rows the declared cases name. */
  let declared: DeclaredRows = {};
  const tokenFor = (route: RouteInfo) =>
    route.access === 'public'
      ? undefined
      : route.access === 'sup' || route.access === 'staff' || route.access.startsWith('sup:')
        ? tokens.sup
        : route.access.startsWith('customer:')
          ? tokens.reseller
          : tokens.customer;

  beforeAll(async () => {
    s = await startServer(kind);
    const sup = await s.login(SUP.username, SUP.password);
    const customer = await s.addCustomer(sup, 'plain_user');
    // Rows in every table, so nothing is compared against emptiness.
    expect((await s.post('/api/user/register', { username: 'registered', password: 'password-1' })).code).toBe(200);
    await s.post('/api/user/money', { id: customer.id, amount: 3, remark: '初始' }, sup);
    const notice = await s.post('/api/notice/add', { title: '公告', content: '<p>x</p>' }, sup);
    await s.post('/api/config/edit', { content: '<p>联系</p>' }, sup);
    // A customer the owner made a reseller (分站), with a customer of its own.
    const reseller = await s.addCustomer(sup, 'bad_reseller');
    const made = await s.post(
      '/api/reseller/add',
      { user_id: reseller.id, site_name: '已有分站', host: 'taken.example.com', markup: 10 },
      sup,
    );
    expect(made.code, made.message).toBe(200);
    rows[RS] = made.data.id;
    rows[RSU] = reseller.id;
    await s.database.db.updateTable('users').set({ reseller_id: reseller.id }).where('username', '=', 'registered').execute();
    rows[RSC] = Number(
      (await s.database.db.selectFrom('users').select('id').where('username', '=', 'registered').executeTakeFirstOrThrow()).id,
    );
    tokens = { sup, customer: customer.token, reseller: reseller.token };
    // A customer's pay order (top-up opened for the moment) and an unmatched transfer.
    await s.post('/api/usdt/config/edit', { enabled: true, address: SHOP }, sup);
    const order = await s.post('/api/usdt/create', { amount: 10 }, customer.token);
    await s.post('/api/usdt/config/edit', { enabled: false }, sup);
    const supId = (await s.get('/api/user/base', sup)).data.id;
    ids = { customer: customer.id, notice: notice.data.id, transfer: await unmatchedTransfer(s), usdtOrder: order.data.id, sup: supId };

    rows[G] = await addGoods(s, sup, { reset_limit: 1, renew_price: 1 });
    rows[OFF] = await addGoods(s, sup, { title: '已下架', on_sale: false });
    await importLines(s, sup, rows[G] as number, phones(3));
    await credit(s, sup, customer.id, 10);
    const bought = await buyOk(s, customer.token, rows[G] as number);
    rows[LT] = bought.tokens[0].id;
    rows[LINK] = bought.tokens[0].token;
    rows[ORD] = bought.order_id;
    rows[GR] = (await s.post('/api/group/add', { name: 'VIP', rate: 0.9 }, sup)).data.id;
    expect((await s.post('/api/user/edit', { id: customer.id, group_id: rows[GR] }, sup)).code).toBe(200);
    rows[DEF] = Number((await s.database.db.selectFrom('groups').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow()).id);
    rows[D] = (await s.post('/api/discount/add', { user_id: customer.id, rate: 0.9 }, sup)).data.id;
    rows[S] = Number((await s.database.db.selectFrom('stock_items').select('id').where('state', '=', 'sold').executeTakeFirstOrThrow()).id);
    const device = await s.post('/api/device/add', { name: '一号机', sim1: '+8613800000000' }, sup);
    rows[DV] = device.data.id;
    rows[DK] = new URL(device.data.webhook_url).pathname.split('/').pop()!;
    const off = await s.post('/api/device/add', { name: '停用机', enabled: false }, sup);
    rows[DOFF] = new URL(off.data.webhook_url).pathname.split('/').pop()!;
    // A message in the inbox.
    const added = await s.post('/api/message/add', { recipient: '+8613800000000', text: '你好' }, sup);
    expect(added.code).toBe(200);
    rows[MSG] = added.data.id;
    // The stock numbers' records (server/intake/numbers), as the job keeps them.
    await s.app.jobs.runNow('device-numbers-sync');
    rows[DN] = Number((await s.database.db.selectFrom('device_numbers').select('id').orderBy('id').executeTakeFirstOrThrow()).id);
    rows[SN] = (await s.post('/api/service/add', { service: 'wa', name: 'WhatsApp' }, sup)).data.id;
    const price = await s.post('/api/reseller_price/add', { goods_id: rows[G], price: 5 }, tokens.reseller);
    expect(price.code, price.message).toBe(200);
    rows[RP] = price.data.id;
    rows[P] = (await s.post('/api/provider/add', { name: '已有上游', base_url: 'http://localhost:9/', api_key: 'k' }, sup)).data.id;
    rows[AG] = (await s.post('/api/aggregator/add', { name: '已有聚合', key: 'agg-key-0', push_url: 'http://localhost:9/a' }, sup)).data.id;
    rows[AGU] = (
      await s.post('/api/aggregator/add', { name: '用过的聚合', key: 'agg-key-2', push_url: 'http://localhost:9/b' }, sup)
    ).data.id;
    await agentActivation(s, rows[AGU] as number, rows[G] as number);
    expect(
      (
        await s.post(
          '/api/goods/add',
          { title: '上游商品', channel: 'sms', service: 'tg', price: 1, valid_hours: 1, source: 'upstream', provider_id: rows[P] },
          sup,
        )
      ).code,
    ).toBe(200);
    declared = await declaredRows(s, sup, declaredNames);
  });
  afterAll(() => s?.close());

  async function expectRefused(c: Case & { asSup?: boolean }) {
    const route = routes.find((r) => key(r) === c.route);
    if (!route) throw new Error(`no route ${c.route}`);
    const named = (text: string) =>
      Object.entries(rows)
        .reduce((t, [k, v]) => t.replaceAll(k, String(v)), text)
        .replaceAll(C, String(ids.customer))
        .replaceAll(N, String(ids.notice));
    const fill = (v: unknown): unknown =>
      v === C
        ? ids.customer
        : v === N
          ? ids.notice
          : v === T
            ? ids.transfer
            : v === O
              ? ids.usdtOrder
              : v === '$sup'
                ? ids.sup
                : typeof v === 'string' && Object.hasOwn(rows, v)
                  ? rows[v]
                  : Array.isArray(v)
                    ? v.map(fill)
                    : v && typeof v === 'object'
                      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, fill(x)]))
                      : v;
    const body = fillRows(fill(c.body), declared);
    const before = await s.snapshot();
    const r = await s.call(route.method, named(c.path ?? route.path) + fillRows(named(c.query ?? ''), declared), {
      token: c.asSup && route.access !== 'customer' ? tokens.sup : tokenFor(route),
      body,
      raw: c.raw,
      contentType: c.contentType,
    });
    expect(r.status).not.toBe(500);
    expect(r.code, r.message).toBe(c.code ?? 400);
    expect(chinese(r.message)).toBe(true);
    expect(await s.snapshot()).toBe(before);
  }

  // Stock import takes up to 16 MB (50,000 lines), binding numbers 2 MB: their oversized bodies are over that.
  const oversized = (route: string, c: Omit<Case, 'route'>) =>
    route === 'POST /api/stock/import' && c.code === 413
      ? { ...c, what: 'an oversized body (over 16 MB)', raw: JSON.stringify({ goods_id: 1, text: 'x'.repeat(17 * 1024 * 1024) }) }
      : route === 'POST /api/device/bind' && c.code === 413
        ? { ...c, what: 'an oversized body (over 2 MB)', raw: JSON.stringify({ id: 1, text: 'x'.repeat(2 * 1024 * 1024 + 10) }) }
        : c;
  const general = postRoutes.flatMap((r) =>
    everywhere.map((c) => ({ ...(key(r) === INGEST ? ingestGeneral(c) : oversized(key(r), c)), route: key(r) })),
  );
  it.each(general.map((c) => [c.route, c.what, c] as const))('%s with %s', async (_r, _w, c) => expectRefused(c));

  it('every route has cases of its own', () => {
    const covered = new Set(allCases().map((c) => c.route));
    const plain = [
      'POST /api/user/info',
      'GET /api/user/base',
      'GET /api/notice/recent',
      'GET /api/config/index',
      'GET /api/statistics/index',
      'GET /api/usdt/options',
      'GET /api/usdt/config',
      'POST /api/usdt/poll',
      'GET /api/telegram/info',
      'GET /api/telegram/bot',
      'GET /api/apikey/info',
      'GET /api/device/silent',
      'GET /api/device_number/expiring',
      'GET /api/pending',
      'GET /api/webhook/config',
      'GET /api/user/totp/info',
      'POST /api/user/totp/setup',
      'GET /api/user/logins',
      'GET /api/epay/config',
      'GET /api/pay/options',
      'GET /api/aggregator/sales',
      'GET /api/site',
      'GET /api/reseller/site',
      ...GATEWAY,
    ];
    // Calls that take no input at all: the general bodies above (POST) or nothing to get wrong (GET).
    expect(
      routes
        .map(key)
        .filter((k) => !covered.has(k))
        .sort(),
    ).toEqual(plain.sort());
  });

  it.each(allCases().map((c) => [c.route, c.what, c] as const))('%s with %s', async (_r, _w, c) => expectRefused(c));

  it('the calls without input ignore stray query parameters', async () => {
    for (const path of ['/api/user/base?x=1', '/api/notice/recent?page=abc', '/api/config/index?id=%00', '/api/statistics/index?from=x']) {
      const r = await s.get(path, tokens.customer);
      expect(r.code, path).toBe(200);
    }
  });
});
