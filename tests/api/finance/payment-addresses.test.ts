/**
 * The addresses finance types in for payments, an EVM chain's RPC node and the 易支付 gateway, are
 * asked as the platform asks any typed-in address: an address inside refused unless private addresses
 * are allowed (an RPC address already when saved; the metadata address never), nothing sent there, no
 * redirect followed, and what an error answer says never shown on the settings screen: a status and a
 * fixed message only. The fakes listen on loopback, so the refusals are seen through a sibling app on
 * the same database that does not allow private addresses.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, type Caller } from '../../helpers/server.js';
import { FakeEpayGateway } from '../../helpers/epay-gateway.js';
import { evmWorld, type EvmWorld } from './evm-world.js';

const SECRET = 'internal-db-password=s3cr3t-41c9';

/** A local site whose answer depends on the path asked: redirects to `to(path)`, an error page, a page that is not JSON. */
async function oddSite(to: (path: string) => string) {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    seen.push(path);
    req.resume();
    if (path.startsWith('/moved')) res.writeHead(302, { location: to(path) }).end(`moved ${SECRET}`);
    else if (path.startsWith('/broken')) res.writeHead(502, { 'content-type': 'text/html' }).end(`<h1>Bad gateway</h1>${SECRET}`);
    else res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body>${SECRET}</body></html>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(dbKinds)('payment addresses typed in by finance, on %s', (kind) => {
  let w: EvmWorld;
  let gw: FakeEpayGateway;
  /** The same database served by a process that does not allow private addresses. */
  let closed: Caller;
  let site: Awaited<ReturnType<typeof oddSite>>;

  const epaySettings = (gateway: string) => ({
    enabled: true,
    gateway,
    pid: gw.pid,
    key: gw.key,
    types: 'alipay,wxpay',
    rate: 7.25,
    min_amount: 1,
    max_amount: 500,
  });
  const setRpc = async (rpcUrl: string) => {
    const r = await w.s.post('/api/usdt/config/edit', { chains: { bep20: { rpc_url: rpcUrl } } }, w.sup);
    expect(r.code, r.message).toBe(200);
  };
  const bscError = async () => (await w.chainStatus('bep20')).last_error as string | null;
  const shown = async () =>
    JSON.stringify([(await w.s.get('/api/usdt/config', w.sup)).data, (await w.s.get('/api/epay/config', w.sup)).data]);

  beforeAll(async () => {
    w = await evmWorld(kind);
    gw = await FakeEpayGateway.start();
    closed = await w.s.sibling({ webhookAllowPrivate: false });
    site = await oddSite((path) => (path.endsWith('.php') ? `${gw.url}${path.split('/').pop()}` : `${w.bsc.url}/`));
  });
  afterAll(async () => {
    await site?.close();
    await gw?.close();
    await w?.close();
  });

  it('an RPC address inside is refused when saved, the metadata address always; a saved loopback node is asked nothing', async () => {
    const inside = await closed.post('/api/usdt/config/edit', { chains: { erc20: { rpc_url: 'http://10.1.2.3:8545' } } }, w.sup);
    const why = 'ERC20 (以太坊)：RPC 地址指向内网、本机或链路本地地址（10.1.2.3），不允许';
    expect([inside.code, inside.message, inside.data]).toEqual([400, why, { errors: { 'chains.erc20.rpc_url': why } }]);
    const metadata = await w.s.post('/api/usdt/config/edit', { chains: { erc20: { rpc_url: 'http://169.254.169.254/' } } }, w.sup);
    expect([metadata.code, metadata.message]).toEqual([400, 'ERC20 (以太坊)：RPC 地址指向保留或组播地址（169.254.169.254），不允许']);
    expect((await w.s.get('/api/usdt/config', w.sup)).data.chains.erc20.rpc_url).toBe(null);

    // BEP20's node on loopback, saved where that was allowed: the closed process sends it nothing.
    const calls = w.bsc.calls.length;
    expect(await closed.app.jobs.runNow('usdt-watcher-bep20')).toBe(true);
    expect(w.bsc.calls.length).toBe(calls);
    expect(await bscError()).toBe('RPC 地址指向内网、本机或链路本地地址（127.0.0.1），不允许');
  });

  it("an RPC node's redirect is not followed, and its error page or a page that is not JSON never shows its text", async () => {
    // The closed process's round holds the watcher's lease for a minute.
    w.s.clock.advance(2 * 60_000);
    try {
      await setRpc(`${site.url}/moved`);
      const calls = w.bsc.calls.length;
      expect(await w.s.app.jobs.runNow('usdt-watcher-bep20')).toBe(true);
      expect(await bscError()).toBe('RPC 节点返回重定向（HTTP 302），不会跟随');
      expect(w.bsc.calls.length).toBe(calls);
      expect(site.seen).toEqual(['/moved']);

      // A changed address is asked at once (the pause of the last failure is lifted).
      await setRpc(`${site.url}/broken`);
      await w.s.app.jobs.runNow('usdt-watcher-bep20');
      expect(await bscError()).toBe('RPC 节点返回错误（HTTP 502）');
      await setRpc(`${site.url}/page`);
      await w.s.app.jobs.runNow('usdt-watcher-bep20');
      expect(await bscError()).toBe('RPC 节点的应答格式不正确');
      expect(site.seen).toEqual(['/moved', '/broken', '/page']);
      expect(await shown()).not.toContain('s3cr3t');
    } finally {
      await setRpc(w.bsc.url);
    }
  });

  it('a 易支付 gateway inside is asked nothing by a process that does not allow private addresses: no QR, no order query', async () => {
    const set = await w.s.post('/api/epay/config/edit', epaySettings(gw.url), w.sup);
    expect(set.code, set.message).toBe(200);
    const c = await w.customer('epay_inside');
    const order = await closed.post('/api/epay/create', { amount: 2, type: 'wxpay', device: 'pc' }, c.token);
    expect(order.code, order.message).toBe(200);
    expect(order.data.qrcode).toBe(null);
    expect(order.data.pay_url.startsWith(gw.url)).toBe(true);

    // Its notification never came: a minute on, the closed process does not ask the gateway about it.
    w.s.clock.advance(2 * 60_000);
    expect(await closed.app.jobs.runNow('epay-query')).toBe(true);
    expect(gw.seen).toEqual([]);
    // Where private addresses are allowed (once the closed process's lease has run out), the same order is asked about.
    w.s.clock.advance(4 * 60_000);
    expect(await w.s.app.jobs.runNow('epay-query')).toBe(true);
    expect(gw.seen.map((x) => [x.path, x.params.out_trade_no])).toEqual([['/api.php', order.data.order_no]]);
  });

  it("a 易支付 gateway's redirect is not followed: neither the QR call nor the order query reaches where it points", async () => {
    const before = { gateway: gw.seen.length, site: site.seen.length };
    const set = await w.s.post('/api/epay/config/edit', epaySettings(`${site.url}/moved/`), w.sup);
    expect(set.code, set.message).toBe(200);
    const c = await w.customer('epay_moved');
    const order = await w.s.post('/api/epay/create', { amount: 3, type: 'wxpay', device: 'pc' }, c.token);
    expect(order.code, order.message).toBe(200);
    expect(order.data.qrcode).toBe(null);
    w.s.clock.advance(2 * 60_000);
    expect(await w.s.app.jobs.runNow('epay-query')).toBe(true);
    expect(site.seen.slice(before.site)).toEqual(expect.arrayContaining(['/moved/mapi.php', '/moved/api.php']));
    expect(gw.seen.length).toBe(before.gateway);
    expect(await shown()).not.toContain('s3cr3t');
  });
});
