/**
 * The platform's request to a typed-in address, against a local server: refused inside unless
 * allowed (nothing reaches the server), no redirect followed, the body capped, a silent server cut
 * off at the time limit, and the body handed back only as the answer, never in an error. Connections
 * are kept for the next request to the same checked address, and only for it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundRequest, requestChecked } from '../../../server/platform/http/outbound.js';

const SECRET = 'inside-page-s3cr3t';

describe('outboundRequest', () => {
  const seen: string[] = [];
  let base: string;
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      if (req.url === '/moved') res.writeHead(301, { location: '/page' }).end(SECRET);
      else if (req.url === '/big') res.end('x'.repeat(5000));
      else if (req.url === '/silent') res.flushHeaders();
      else res.writeHead(req.url === '/broken' ? 500 : 200).end(`${SECRET} ${req.headers['content-type'] ?? ''}`);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('refuses a loopback address unless private addresses are allowed, and sends nothing', async () => {
    seen.length = 0;
    const r = await outboundRequest(new URL(`${base}/page`), { timeoutMs: 5000, allowPrivate: false, noun: '接口地址' });
    expect(r).toEqual({
      ok: false,
      failure: 'refused',
      status: null,
      code: null,
      error: '接口地址指向内网、本机或链路本地地址（127.0.0.1），不允许',
    });
    expect(seen).toEqual([]);
  });

  it('refuses the metadata address even with private addresses allowed', async () => {
    const r = await outboundRequest(new URL('http://169.254.169.254/latest/meta-data/'), { timeoutMs: 5000, allowPrivate: true });
    expect(r).toMatchObject({ ok: false, failure: 'refused', error: '目标地址指向保留或组播地址（169.254.169.254），不允许' });
  });

  it('hands back any status and the body as the answer; POST sends its body and headers', async () => {
    expect(await outboundRequest(new URL(`${base}/broken`), { timeoutMs: 5000, allowPrivate: true })).toEqual({
      ok: true,
      status: 500,
      body: `${SECRET} `,
    });
    const posted = await outboundRequest(new URL(`${base}/form?a=1`), {
      method: 'POST',
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      timeoutMs: 5000,
      allowPrivate: true,
    });
    expect(posted).toEqual({ ok: true, status: 200, body: `${SECRET} application/x-www-form-urlencoded` });
    expect(seen.at(-1)).toBe('POST /form?a=1');
  });

  it('does not follow a redirect, and does not put its body in the error', async () => {
    seen.length = 0;
    const r = await outboundRequest(new URL(`${base}/moved`), { timeoutMs: 5000, allowPrivate: true });
    expect(r).toEqual({ ok: false, failure: 'redirect', status: 301, code: null, error: '目标地址返回重定向（HTTP 301），不会跟随' });
    expect(seen).toEqual(['GET /moved']);
  });

  it('stops reading past the size limit', async () => {
    const r = await outboundRequest(new URL(`${base}/big`), { timeoutMs: 5000, allowPrivate: true, maxBytes: 1000 });
    expect(r).toMatchObject({ ok: false, failure: 'too_large', status: 200 });
  });

  it('gives up on a server that never answers at the time limit', async () => {
    const r = await outboundRequest(new URL(`${base}/silent`), { timeoutMs: 300, allowPrivate: true });
    expect(r).toMatchObject({ ok: false, failure: 'timeout', status: null });
  });

  it('a refused connection is a network failure with its code', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const r = await outboundRequest(new URL(`http://127.0.0.1:${port}/`), { timeoutMs: 5000, allowPrivate: true });
    expect(r).toMatchObject({ ok: false, failure: 'network', code: 'ECONNREFUSED', error: '目标地址拒绝连接' });
  });
});

describe('kept connections', () => {
  const servers: http.Server[] = [];
  /** A server on `host` that answers with its name and counts the connections made to it. */
  async function counting(name: string, host: string, port = 0) {
    const counted = { name, connections: 0, requests: 0, port: 0 };
    const server = http.createServer((_req, res) => {
      counted.requests += 1;
      res.end(name);
    });
    server.on('connection', () => {
      counted.connections += 1;
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, resolve);
    });
    servers.push(server);
    counted.port = (server.address() as AddressInfo).port;
    return counted;
  }
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('two requests one after the other to the same address go over one connection', async () => {
    const site = await counting('one', '127.0.0.1');
    const url = new URL(`http://127.0.0.1:${site.port}/status`);
    expect(await outboundRequest(url, { timeoutMs: 5000, allowPrivate: true })).toEqual({ ok: true, status: 200, body: 'one' });
    expect(await outboundRequest(url, { timeoutMs: 5000, allowPrivate: true })).toEqual({ ok: true, status: 200, body: 'one' });
    expect(site).toMatchObject({ requests: 2, connections: 1 });
  });

  it('a kept connection serves only the address it was checked for: the same name checked to another address connects anew', async () => {
    const first = await counting('first', '127.0.0.1');
    const second = await counting('second', '127.0.0.2', first.port);
    const url = new URL(`http://provider.test:${first.port}/`);
    const to = (address: string) => requestChecked(url, { address, family: 4 }, { timeoutMs: 5000 });
    expect(await to('127.0.0.1')).toMatchObject({ ok: true, body: 'first' });
    expect(await to('127.0.0.2')).toMatchObject({ ok: true, body: 'second' });
    expect(await to('127.0.0.1')).toMatchObject({ ok: true, body: 'first' });
    expect(first).toMatchObject({ requests: 2, connections: 1 });
    expect(second).toMatchObject({ requests: 1, connections: 1 });
  });

  it('a request the caller aborts ends at once as aborted', async () => {
    const silent = http.createServer(() => {
      /* never answers */
    });
    servers.push(silent);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const stop = new AbortController();
    const pending = outboundRequest(new URL(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/`), {
      timeoutMs: 60_000,
      allowPrivate: true,
      signal: stop.signal,
    });
    setTimeout(() => stop.abort(), 50);
    expect(await pending).toMatchObject({ ok: false, failure: 'aborted', status: null });
  });
});
