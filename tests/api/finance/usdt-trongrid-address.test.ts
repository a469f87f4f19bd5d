/**
 * TronGrid's address is typed in by the sup, so the watcher asks it as the platform asks any typed-in
 * address: an inside address refused (an IP address already when saved) unless private addresses are
 * allowed, no redirect followed (the
 * API key goes to the configured host and nowhere else), and what an error answer says never shown on
 * the settings screen: its status and a fixed message only.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { dbKinds } from '../../helpers/server.js';
import { tronAddress } from '../../helpers/trongrid.js';
import { API_KEY, SHOP, usdtWorld, type UsdtWorld } from '../fixtures/usdt.js';

const SECRET = 'db-password=hunter2-s3cr3t';

/** Another local server, recording every request that reaches it and the API key it carried. */
async function bystander() {
  const seen: Array<{ path: string; apiKey: string | undefined }> = [];
  const server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? '', apiKey: req.headers['tron-pro-api-key'] as string | undefined });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[],"success":true,"meta":{}}');
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

describe.each(dbKinds)('the TronGrid address on %s', (kind) => {
  let w: UsdtWorld;
  afterEach(async () => {
    await w?.close();
  });

  const lastError = async () => (await w.s.get('/api/usdt/config', w.sup)).data.status.addresses[0].last_error as string | null;
  /** An open order, so the watcher asks TronGrid about the shop's address. */
  const watching = async () => {
    const c = await w.customer('payer');
    await w.order(c.token, 20);
  };

  it('a redirect is not followed: neither another host nor another path of the same one is asked, and the key goes nowhere else', async () => {
    w = await usdtWorld(kind);
    const other = await bystander();
    try {
      await watching();
      const elsewhere = tronAddress('someone else');
      w.chain.failures.push({ status: 302, location: `${other.url}/collect` });
      await w.poll();
      expect(await lastError()).toBe('TronGrid 返回重定向（HTTP 302），不会跟随');
      w.s.clock.advance(5 * 60_000);
      w.chain.failures.push({ status: 307, location: `/v1/accounts/${elsewhere}/transactions/trc20?only_to=true` });
      await w.poll();
      expect(await lastError()).toBe('TronGrid 返回重定向（HTTP 307），不会跟随');

      expect(other.seen).toEqual([]);
      expect(w.chain.requests.map((r) => r.address)).toEqual([SHOP, SHOP]);
      expect(w.chain.requests.every((r) => r.apiKey === API_KEY)).toBe(true);
    } finally {
      await other.close();
    }
  });

  it.each([
    [
      'a 500 with an error text',
      { status: 500, body: { success: false, error: `connection to ${SECRET} failed` } },
      'TronGrid 返回错误（HTTP 500）',
    ],
    ['a 429 with an error text', { status: 429, body: { success: false, error: `blocked ${SECRET}` } }, 'TronGrid 限流（HTTP 429）'],
    ['a 200 that is not TronGrid', { status: 200, body: `<html>${SECRET}</html>` }, 'TronGrid 的应答格式不正确'],
  ])('%s: the settings screen shows the status and a fixed message, never the text', async (_what, failure, shown) => {
    w = await usdtWorld(kind);
    await watching();
    w.chain.failures.push(failure);
    await w.poll();
    expect(await lastError()).toBe(shown);
    expect(JSON.stringify((await w.s.get('/api/usdt/config', w.sup)).data)).not.toContain('s3cr3t');
  });

  it('an IP address inside is refused when saved, and a saved one when asked, unless private addresses are allowed: nothing is sent', async () => {
    w = await usdtWorld(kind);
    await watching();
    // The same database served by a process that does not allow private addresses.
    const closed = await w.s.sibling({ webhookAllowPrivate: false });
    const inside = 'API 地址指向内网、本机或链路本地地址（10.1.2.3），不允许';
    const saved = await closed.post('/api/usdt/config/edit', { api_url: 'http://10.1.2.3:8090' }, w.sup);
    expect([saved.code, saved.message, saved.data]).toEqual([400, inside, { errors: { api_url: inside } }]);
    const reserved = await w.s.post('/api/usdt/config/edit', { api_url: 'http://169.254.169.254' }, w.sup);
    expect(reserved.message).toBe('API 地址指向保留或组播地址（169.254.169.254），不允许');
    // The loopback address saved where it was allowed: still editable otherwise, and refused when asked.
    expect((await closed.post('/api/usdt/config/edit', { poll_seconds: 4 }, w.sup)).code).toBe(200);
    await closed.app.jobs.runNow('usdt-watcher');
    expect(await lastError()).toBe('API 地址指向内网、本机或链路本地地址（127.0.0.1），不允许');
    expect(w.chain.requests).toEqual([]);
  });
});
