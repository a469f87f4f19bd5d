/**
 * A provider's address is typed in by staff, so it must not turn the server into a way to read its
 * own network: an IP address inside is refused when it is saved and a name pointing inside before
 * anything is sent (unless WEBHOOK_ALLOW_PRIVATE=1), a redirect is not followed, and what an address
 * answers that is not the protocol never reaches the provider's last error or an answer. The fakes
 * listen on 127.0.0.1, so providers are saved and called through a sibling app with private
 * addresses allowed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGoods, credit, expectBooksBalance } from '../../helpers/commerce.js';
import { startFakeSmsActivate, type FakeSmsActivate } from '../../helpers/fake-sms-activate.js';
import { chinese, dbKinds, startServer, SUP, type Caller, type TestServer } from '../../helpers/server.js';

const SECRET = 'internal-admin-token=s3cr3t-5f2c9e';

/** A site answering the handler path with a redirect to a page of its own that would read as a balance; it records the paths asked. */
async function startRedirecting(status: number) {
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    paths.push(path);
    if (path === '/stubs/handler_api.php') res.writeHead(status, { location: '/internal/balance' }).end(`moved ${SECRET}`);
    else res.writeHead(200, { 'content-type': 'text/plain' }).end('ACCESS_BALANCE:999');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/stubs/handler_api.php`,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(dbKinds)('provider addresses on %s', (kind) => {
  let s: TestServer;
  let open: Caller;
  let fake: FakeSmsActivate;
  let sup: string;

  const providerRow = async (id: number) =>
    (await s.post('/api/provider/data', {}, sup)).data.list.find((p: Record<string, unknown>) => p.id === id);
  const addProvider = async (name: string, baseUrl: string, via: Caller = open) => {
    const added = await via.post('/api/provider/add', { name, base_url: baseUrl, api_key: fake.apiKey }, sup);
    expect(added.code, added.message).toBe(200);
    return added.data.id as number;
  };

  beforeAll(async () => {
    fake = await startFakeSmsActivate({ balance: 50, stock: { tg: { count: 10, price: 0.4 } } });
    s = await startServer(kind, { settings: { upstreamTimeoutMs: 5000 } });
    open = await s.sibling({ webhookAllowPrivate: true });
    sup = await s.login(SUP.username, SUP.password);
  });
  afterAll(async () => {
    await open?.app.close();
    await s?.close();
    await fake?.close();
  });

  it('an IP address inside or reserved is refused when it is saved, with the words a call would give; a public one is kept', async () => {
    const inside = '上游地址指向内网、本机或链路本地地址（127.0.0.1），不允许';
    const added = await s.post('/api/provider/add', { name: '内网上游', base_url: fake.url, api_key: 'k' }, sup);
    expect([added.code, added.message, added.data]).toEqual([400, inside, { errors: { base_url: inside } }]);
    const v6 = await s.post('/api/provider/add', { name: '内网上游', base_url: 'http://[::1]:8080/', api_key: 'k' }, sup);
    expect(v6.message).toBe('上游地址指向内网、本机或链路本地地址（::1），不允许');
    // Never, even with private addresses allowed: the clouds' metadata service.
    const metadata = await open.post(
      '/api/provider/add',
      { name: '元数据', base_url: 'http://169.254.169.254/latest/', api_key: 'k' },
      sup,
    );
    expect([metadata.code, metadata.message]).toEqual([400, '上游地址指向保留或组播地址（169.254.169.254），不允许']);
    const scheme = await s.post('/api/provider/add', { name: '文件上游', base_url: 'file:///etc/passwd', api_key: 'k' }, sup);
    expect(scheme.code).toBe(400);

    // Moving a saved provider there is refused the same way; the one kept stays editable.
    const id = await addProvider('公网上游', 'http://203.0.113.9/stubs/handler_api.php', s);
    const moved = await s.post('/api/provider/edit', { id, base_url: 'http://10.0.0.8/', api_key: 'k2' }, sup);
    expect([moved.code, moved.message]).toEqual([400, '上游地址指向内网、本机或链路本地地址（10.0.0.8），不允许']);
    expect((await s.post('/api/provider/edit', { id, enabled: false }, sup)).code).toBe(200);
    expect((await providerRow(id)).base_url).toBe('http://203.0.113.9/stubs/handler_api.php');
    expect((await s.post('/api/provider/data', {}, sup)).data.list.map((p: Record<string, unknown>) => p.name)).not.toContain('内网上游');
  });

  it('a name pointing at loopback is saved, and refused before anything is sent: its balance and a purchase through it', async () => {
    const id = await addProvider('本机名上游', fake.url.replace('127.0.0.1', 'localhost'), s);
    const refused = await s.post('/api/provider/balance', { id }, sup);
    expect(refused.code).toBe(409);
    expect(refused.message).toBe('查询上游余额失败：上游地址指向内网、本机或链路本地地址（127.0.0.1），不允许');
    expect((await providerRow(id)).last_error).toContain('上游地址指向内网、本机或链路本地地址（127.0.0.1），不允许');

    const buyer = await s.addCustomer(sup, 'inside_buyer');
    await credit(s, sup, buyer.id, 5);
    const goods = await addGoods(s, sup, {
      title: '内网上游商品',
      service: 'tg',
      price: 1,
      source: 'upstream',
      provider_id: id,
      upstream_service: 'tg',
    });
    const bought = await s.post('/api/order/buy', { goods_id: goods, quantity: 2 }, buyer.token);
    expect(bought.code).toBe(409);
    expect(chinese(bought.message)).toBe(true);
    expect(bought.message).toContain('不允许');
    expect((await s.post('/api/user/info', undefined, buyer.token)).data.balance).toBe(5);
    expect(fake.requests).toEqual([]);
    await expectBooksBalance(s, sup);

    // The same provider, with private addresses allowed, is asked and answers.
    const allowed = await open.post('/api/provider/balance', { id }, sup);
    expect(allowed.code, allowed.message).toBe(200);
    expect(allowed.data.balance).toBe(50);
    expect(fake.requests.map((r) => r.action)).toEqual(['getBalance']);
  });

  it.each([302, 307])('a %i is a failure, not followed: the page it points to is never asked', async (status) => {
    const site = await startRedirecting(status);
    try {
      const id = await addProvider(`跳转上游${status}`, site.url);
      const r = await open.post('/api/provider/balance', { id }, sup);
      expect(r.code).toBe(409);
      expect(r.message).toBe(`查询上游余额失败：上游接口返回重定向（HTTP ${status}），不会跟随`);
      expect(site.paths).toEqual(['/stubs/handler_api.php']);
      const row = await providerRow(id);
      expect(row.last_error).toContain(`HTTP ${status}`);
      expect(row.balance).toBe(null);
      expect(JSON.stringify([r, row])).not.toContain(SECRET);
    } finally {
      await site.close();
    }
  });

  it.each([
    ['a page with status 200', 200, `<html><body>${SECRET}</body></html>`, '上游接口返回了无法识别的内容', 'HTTP 200'],
    ['a page with status 502', 502, `Bad gateway ${SECRET}`, '上游接口返回 HTTP 502', 'HTTP 502'],
    ["the provider's internal error word followed by text", 200, `ERROR_SQL ${SECRET}`, '上游接口返回了无法识别的内容', 'HTTP 200'],
    ['a refusal word followed by text', 200, `BAD_KEY:${SECRET}`, '上游 API 密钥无效', 'BAD_KEY'],
  ])('%s: neither the answer nor the last error shows its text', async (_what, status, body, message, shown) => {
    const id = await addProvider(`异常上游${status}${body.length}`, fake.url);
    fake.fault('getBalance', { kind: 'body', body, status });
    const r = await open.post('/api/provider/balance', { id }, sup);
    const row = await providerRow(id);
    expect(JSON.stringify([r, row, await s.get(`/api/provider/detail?id=${id}`, sup)])).not.toContain('s3cr3t');
    expect(r.code).toBe(409);
    expect(r.message).toBe(`查询上游余额失败：${message}`);
    expect(row.last_error).toContain(shown);
  });

  it('the protocol still reads: a refusal with its price, then the balance', async () => {
    const id = await addProvider('正常上游', fake.url);
    fake.fault('getBalance', { kind: 'body', body: 'WRONG_MAX_PRICE:0.85' });
    const refused = await open.post('/api/provider/balance', { id }, sup);
    expect(refused.message).toBe('查询上游余额失败：上游最低价格高于商品设置的最高价（最低 0.85）');
    expect((await providerRow(id)).last_error).toContain('WRONG_MAX_PRICE 0.85');
    const read = await open.post('/api/provider/balance', { id }, sup);
    expect(read.code, read.message).toBe(200);
    expect((await providerRow(id)).last_error).toBe(null);
  });
});
