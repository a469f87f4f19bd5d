/**
 * Where a webhook may point: the address table (with IPv4 carried in IPv6 in its several spellings),
 * and names asked of a DNS server (here a local one speaking the real protocol) without libuv's
 * thread pool, which a slow getaddrinfo would hold.
 */
import { execFileSync } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedAddress, resolveTarget, useDnsServers } from '../../../server/webhooks/address.js';

describe('webhook target addresses', () => {
  it.each([
    // [address, refused with private addresses allowed, refused in production]
    ['93.184.216.34', false, false],
    ['2606:2800:220:1:248:1893:25c8:1946', false, false],
    ['127.0.0.1', false, true],
    ['10.1.2.3', false, true],
    ['172.16.5.4', false, true],
    ['192.168.1.1', false, true],
    ['100.64.0.1', false, true],
    ['198.18.0.1', false, true],
    ['::1', false, true],
    ['fd12:3456::1', false, true],
    ['fe80::1', false, true],
    // Metadata services and link-local: never, whatever the settings.
    ['169.254.169.254', true, true],
    ['169.254.10.10', true, true],
    ['100.100.100.200', true, true],
    ['fd00:ec2::254', true, true],
    ['0.0.0.0', true, true],
    ['224.0.0.1', true, true],
    ['255.255.255.255', true, true],
    ['::', true, true],
    ['ff02::1', true, true],
    // IPv4 in IPv6: mapped and well-known NAT64 are judged by the IPv4 address, in every spelling.
    ['::ffff:127.0.0.1', false, true],
    ['::ffff:7f00:1', false, true],
    ['0:0:0:0:0:ffff:7f00:1', false, true],
    ['::ffff:169.254.169.254', true, true],
    ['::ffff:a9fe:a9fe', true, true],
    ['::ffff:93.184.216.34', false, false],
    ['64:ff9b::a9fe:a9fe', true, true],
    ['64:ff9b::169.254.169.254', true, true],
    ['64:ff9b::1', true, true],
    ['64:ff9b::7f00:1', false, true],
    ['64:ff9b::5db8:d822', false, false],
    // Forms this check cannot follow: never.
    ['64:ff9b:1::1', true, true],
    ['::7f00:1', true, true],
    ['::127.0.0.1', true, true],
    ['::ffff:0:7f00:1', true, true],
    ['2002:7f00:1::1', true, true],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', true, true],
    ['fec0::1', true, true],
    ['100::1', true, true],
  ])('%s: refused with private allowed %s, in production %s', (address, always, production) => {
    expect(refusedAddress(address, true) !== null).toBe(always);
    expect(refusedAddress(address, false) !== null).toBe(production);
    const why = refusedAddress(address, false);
    if (why) expect(why).toMatch(/[\u4e00-\u9fff]/);
  });
});

/** A DNS server on UDP answering A queries from `names` (no AAAA), or never answering those in `silent`. */
function startDns(names: Record<string, string>, silent: Set<string>) {
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    let at = 12;
    const labels: string[] = [];
    while (msg[at]) {
      labels.push(msg.subarray(at + 1, at + 1 + msg[at]).toString());
      at += msg[at] + 1;
    }
    const question = msg.subarray(12, at + 5);
    const type = msg.readUInt16BE(at + 1);
    const name = labels.join('.').toLowerCase();
    if (silent.has(name)) return;
    const ip = type === 1 ? names[name] : undefined;
    const header = Buffer.alloc(12);
    header.writeUInt16BE(msg.readUInt16BE(0), 0);
    header.writeUInt16BE(name in names ? 0x8180 : 0x8183, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(ip ? 1 : 0, 6);
    const answer = ip
      ? Buffer.concat([Buffer.from([0xc0, 0x0c, 0, 1, 0, 1, 0, 0, 0, 60, 0, 4]), Buffer.from(ip.split('.').map(Number))])
      : Buffer.alloc(0);
    socket.send(Buffer.concat([header, question, answer]), rinfo.port, rinfo.address);
  });
  return new Promise<{ port: number; close(): void }>((resolve) =>
    socket.bind(0, '127.0.0.1', () => {
      resolve({ port: socket.address().port, close: () => socket.close() });
    }),
  );
}

describe('webhook names', () => {
  let dns: { port: number; close(): void };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hook-dns-'));
  beforeAll(async () => {
    dns = await startDns(
      { 'hook.example.com': '93.184.216.34', 'held.example.com': '93.184.216.35', 'inside.example.com': '10.0.0.7' },
      new Set(['slow.example.com']),
    );
    useDnsServers([`127.0.0.1:${dns.port}`]);
  });
  afterAll(() => {
    useDnsServers(null);
    dns.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a name is resolved and checked: a public one to its address, one pointing inside refused', async () => {
    expect(await resolveTarget(new URL('https://hook.example.com/x'), false, 2_000)).toEqual({
      ok: true,
      target: { address: '93.184.216.34', family: 4 },
    });
    const inside = await resolveTarget(new URL('https://inside.example.com/x'), false, 2_000);
    expect(inside.ok).toBe(false);
    const missing = await resolveTarget(new URL('https://nothing.example.com/x'), false, 2_000);
    expect(missing).toEqual({ ok: false, error: '回调地址的域名无法解析（nothing.example.com）' });
  });

  it('localhost and *.localhost are loopback without asking DNS', async () => {
    expect(await resolveTarget(new URL('http://localhost:8080/'), true, 2_000)).toEqual({
      ok: true,
      target: { address: '127.0.0.1', family: 4 },
    });
    expect((await resolveTarget(new URL('http://api.localhost/'), false, 2_000)).ok).toBe(false);
  });

  it('a DNS server that never answers gives up at the time limit', async () => {
    const r = await resolveTarget(new URL('https://slow.example.com/'), false, 300);
    expect(r).toEqual({ ok: false, error: '回调地址的域名无法解析（slow.example.com）' });
  });

  it("a name resolves while every thread of libuv's pool is held (as slow getaddrinfo calls or password hashing hold them)", async () => {
    const threads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
    const fifos = Array.from({ length: threads }, (_, i) => path.join(dir, `fifo${i}`));
    for (const f of fifos) execFileSync('mkfifo', [f]);
    // Opening a FIFO for reading blocks its thread until a writer comes.
    const held = fifos.map((f) => fs.promises.open(f, 'r'));
    try {
      // A name not asked before (no answer kept).
      const r = await resolveTarget(new URL('https://held.example.com/'), false, 2_000);
      expect(r).toEqual({ ok: true, target: { address: '93.184.216.35', family: 4 } });
    } finally {
      // Each reader is let go by a writer; a reader whose thread has not reached its open yet has none
      // to meet (ENXIO), so the writer tries again until it does.
      for (const f of fifos) {
        for (let tries = 0; ; tries += 1) {
          try {
            fs.closeSync(fs.openSync(f, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK));
            break;
          } catch (err) {
            // eslint-disable-next-line no-unsafe-finally -- readers that cannot be let go fail the test: held, their threads would keep the run from ending
            if ((err as NodeJS.ErrnoException).code !== 'ENXIO' || tries > 500) throw err;
            await new Promise((r) => setTimeout(r, 10));
          }
        }
      }
      for (const h of await Promise.all(held)) await h.close();
    }
  });
});
