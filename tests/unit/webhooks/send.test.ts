/**
 * One POST of a delivery (server/webhooks/send.ts) against local servers that misbehave as a
 * customer's might: a redirect, an answer that never ends, no answer at all; and the connection goes
 * to the checked address while the Host header and the TLS name stay the URL's.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { post } from '../../../server/webhooks/send.js';

const local = { address: '127.0.0.1', family: 4 as const };
const closers: Array<() => void> = [];
afterEach(() => {
  for (const c of closers.splice(0)) c();
});

async function serve(handler: http.RequestListener) {
  const server = http.createServer(handler);
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => sockets.add(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  closers.push(() => {
    for (const s of sockets) s.destroy();
    server.close();
  });
  return (server.address() as AddressInfo).port;
}

describe("a delivery's POST", () => {
  it('a 3xx is a failure and its Location is not followed', async () => {
    let followed = 0;
    const target = await serve((_req, res) => {
      followed++;
      res.end('ok');
    });
    const port = await serve((_req, res) => res.writeHead(302, { location: `http://127.0.0.1:${target}/` }).end());
    const sent = await post(new URL(`http://127.0.0.1:${port}/hook`), local, '{}', {}, 2_000);
    expect(sent).toMatchObject({ ok: false, status: 302 });
    expect(sent.error).toContain('重定向');
    expect(followed).toBe(0);
  });

  it("connects to the checked address; the Host header is the URL's name", async () => {
    let host = '';
    let body = '';
    const port = await serve((req, res) => {
      host = req.headers.host ?? '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => res.writeHead(204).end());
    });
    // The name does not resolve anywhere: only the given address can be reached.
    const sent = await post(new URL(`http://hook.invalid:${port}/in?x=1`), local, '{"a":1}', { 'x-webhook-id': 'evt_1' }, 2_000);
    expect(sent).toEqual({ ok: true, status: 204, error: null });
    expect(host).toBe(`hook.invalid:${port}`);
    expect(body).toBe('{"a":1}');
  });

  it("over HTTPS the TLS name (SNI) is the URL's name, and a certificate not for it is refused", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hook-tls-'));
    closers.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        '/CN=other.test',
        '-days',
        '1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const names: string[] = [];
    const server = https.createServer(
      {
        key: fs.readFileSync(path.join(dir, 'key.pem')),
        cert: fs.readFileSync(path.join(dir, 'cert.pem')),
        SNICallback: (name, cb) => {
          names.push(name);
          cb(null);
        },
      },
      (_req, res) => res.end('ok'),
    );
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    closers.push(() => server.close());
    const port = (server.address() as AddressInfo).port;
    const sent = await post(new URL(`https://hook.example.com:${port}/`), local, '{}', {}, 2_000);
    expect(names).toEqual(['hook.example.com']);
    expect(sent.ok).toBe(false);
    expect(sent.error).toContain('证书');
  });

  it('an answer whose body never ends: the status is enough, the body is not read', async () => {
    const port = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const t = setInterval(() => res.write('x'.repeat(1024)), 5);
      res.on('close', () => clearInterval(t));
    });
    const sent = await post(new URL(`http://127.0.0.1:${port}/`), local, '{}', {}, 5_000);
    expect(sent).toEqual({ ok: true, status: 200, error: null });
  });

  it('a server that takes the request and never answers is cut off at the time limit', async () => {
    const port = await serve(() => {
      /* never answers */
    });
    const sent = await post(new URL(`http://127.0.0.1:${port}/`), local, '{}', {}, 1_000);
    expect(sent).toEqual({ ok: false, status: null, error: '回调地址 1 秒内没有应答' });
  });

  it('a status other than 2xx is named; a stop cuts the POST off with its own words', async () => {
    const failing = await serve((_req, res) => res.writeHead(500).end('inside details'));
    expect(await post(new URL(`http://127.0.0.1:${failing}/`), local, '{}', {}, 2_000)).toEqual({
      ok: false,
      status: 500,
      error: '回调地址返回 HTTP 500',
    });
    const silent = await serve(() => {
      /* never answers */
    });
    const stopping = new AbortController();
    const pending = post(new URL(`http://127.0.0.1:${silent}/`), local, '{}', {}, 60_000, stopping.signal);
    setTimeout(() => stopping.abort(), 50);
    expect(await pending).toEqual({ ok: false, status: null, error: '服务正在停止，稍后重试' });
  });
});
