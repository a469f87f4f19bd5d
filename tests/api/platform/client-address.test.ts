/**
 * The client's address behind reverse proxies (TRUST_PROXY): exactly the configured hops are trusted,
 * so a client cannot choose its own address (and escape the per-address login limit), and only a
 * valid IP address is ever stored as login_ip or a session's ip.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readSettings } from '../../../server/env.js';
import { hashToken } from '../../../server/accounts/session-tokens.js';
import { dbKinds, startServer, SUP, type Caller, type TestServer } from '../../helpers/server.js';

const DAY = 86_400_000;
const password = 'address-pass-1';

describe('TRUST_PROXY as read from the environment', () => {
  it.each([
    [undefined, 0],
    ['', 0],
    ['0', 0],
    ['false', 0],
    ['1', 1],
    ['true', 1],
    ['2', 2],
    ['10.0.0.5, 10.1.0.0/16', '10.0.0.5, 10.1.0.0/16'],
  ])('%j means %j', (value, expected) => {
    expect(readSettings({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });
});

describe.each(dbKinds)('client addresses on %s', (kind) => {
  let s: TestServer;
  let oneProxy: Caller;

  beforeAll(async () => {
    s = await startServer(kind, { settings: { trustProxy: 1 } });
    oneProxy = { url: s.url, app: s.app, post: s.post, get: s.get };
    const sup = await s.login(SUP.username, SUP.password);
    await s.addCustomer(sup, 'addr_user', password);
  });
  afterAll(() => s?.close());
  afterEach(() => s.clock.reset());

  /** A login as it arrives through the proxies: the test's connection is the last proxy. */
  const loginVia = (base: string, forwardedFor: string | undefined, pass = password) =>
    fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor }) },
      body: JSON.stringify({ username: 'addr_user', password: pass }),
    }).then((r) => r.json() as Promise<{ code: number; data: { token: string; user: { login_ip: string | null } } }>);
  const stored = async (token: string) => {
    const user = await s.database.db.selectFrom('users').select('login_ip').where('username', '=', 'addr_user').executeTakeFirstOrThrow();
    const session = await s.database.db
      .selectFrom('sessions')
      .select('ip')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();
    return { login_ip: user.login_ip, session_ip: session.ip };
  };

  it('with one proxy, takes the address that proxy appended, never what the client wrote before it', async () => {
    for (const [header, expected] of [
      ['203.0.113.7', '203.0.113.7'],
      ['10.9.1.1, 203.0.113.8', '203.0.113.8'],
      ['10.9.1.1, 127.0.0.1', '127.0.0.1'],
      ['1.1.1.1,2.2.2.2,   198.51.100.3', '198.51.100.3'],
      [undefined, '127.0.0.1'],
    ] as const) {
      const r = await loginVia(oneProxy.url, header);
      expect(r.code, String(header)).toBe(200);
      expect(r.data.user.login_ip).toBe(expected);
      expect(await stored(r.data.token)).toEqual({ login_ip: expected, session_ip: expected });
    }
  });

  it('counts 100 failed logins that claim 100 addresses as the one address they come from: 429 after the limit', async () => {
    const limited = await s.sibling({ trustProxy: 1, authRatePerMinute: 5 });
    s.clock.advance(100 * DAY); // a fresh window
    const codes: number[] = [];
    for (let i = 0; i < 100; i++) codes.push((await loginVia(limited.url, `10.9.${i}.1, 127.0.0.1`, 'wrong-password')).code);
    expect(codes.slice(0, 5)).toEqual(Array(5).fill(400));
    expect(codes.slice(5)).toEqual(Array(95).fill(429));
  });

  it("stores only a valid IP address: a forwarded value that is not one gives the connection's address", async () => {
    for (const header of [
      '<img src=x onerror=alert(1)>',
      `10.0.0.${'1'.repeat(207)}`,
      '1.2.3.4:5678',
      'unknown',
      '127.0.0.1 <b>',
      '::1%eth0<x>',
    ]) {
      const r = await loginVia(oneProxy.url, header);
      expect(r.code, header).toBe(200);
      expect(r.data.user.login_ip).toBe('127.0.0.1');
      expect(await stored(r.data.token)).toEqual({ login_ip: '127.0.0.1', session_ip: '127.0.0.1' });
    }
  });

  it('stores IPv6 addresses, and IPv4 ones as IPv4 even when written as IPv6-mapped', async () => {
    for (const [header, expected] of [
      ['2001:DB8::1', '2001:db8::1'],
      ['::ffff:203.0.113.5', '203.0.113.5'],
      ['fe80::1%eth0', 'fe80::1'],
    ]) {
      const r = await loginVia(oneProxy.url, header);
      expect(r.data.user.login_ip, header).toBe(expected);
    }
  });

  it('without TRUST_PROXY ignores X-Forwarded-For entirely', async () => {
    const direct = await s.sibling({ trustProxy: 0 });
    const r = await loginVia(direct.url, '203.0.113.9');
    expect(r.data.user.login_ip).toBe('127.0.0.1');
  });

  it('trusts two hops when told two, and the proxies by address when given their addresses', async () => {
    const two = await s.sibling({ trustProxy: 2 });
    expect((await loginVia(two.url, '10.9.9.9, 198.51.100.4, 10.0.0.2')).data.user.login_ip).toBe('198.51.100.4');
    const listed = await s.sibling({ trustProxy: '127.0.0.1, 10.0.0.0/8' });
    expect((await loginVia(listed.url, '10.9.9.9, 198.51.100.5, 10.0.0.2')).data.user.login_ip).toBe('198.51.100.5');
    // An address that is not a listed proxy is the client, whatever it forwards.
    expect((await loginVia(listed.url, '10.9.9.9, 198.51.100.6, 203.0.113.1')).data.user.login_ip).toBe('203.0.113.1');
  });

  it("gives a switched-into session the switching sup's real address", async () => {
    const sup = await s.login(SUP.username, SUP.password);
    const customer = await s.database.db.selectFrom('users').select('id').where('username', '=', 'addr_user').executeTakeFirstOrThrow();
    const r = await s.call('POST', '/api/user/manager', {
      body: { id: customer.id },
      token: sup,
      headers: { 'x-forwarded-for': '<script>, 203.0.113.77' },
    });
    expect(r.code).toBe(200);
    expect((await stored(r.data.token)).session_ip).toBe('203.0.113.77');
    const spoofed = await s.call('POST', '/api/user/manager', {
      body: { id: customer.id },
      token: await s.login(SUP.username, SUP.password),
      headers: { 'x-forwarded-for': '<script>' },
    });
    expect((await stored(spoofed.data.token)).session_ip).toBe('127.0.0.1');
  });
});
