/**
 * API keys for the SMS-Activate protocol: made and replaced by the customer on user/info (shown
 * once, stored hashed), revoked by the sup; a disabled account's key, a sup's, and a console token
 * are never keys, and a key is never a console session.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectWord, handler } from '../../helpers/handler.js';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const T0 = Date.UTC(2025, 6, 1, 2, 0, 0);
const KEY = /^sak_[A-Za-z0-9_-]{43}$/;

describe.each(dbKinds)('API keys on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let customer: { id: number; token: string };

  const balanceWord = (key: string) => handler(s, { api_key: key, action: 'getBalance' });
  const create = (token: string) => s.post('/api/apikey/create', {}, token);

  beforeAll(async () => {
    s = await startServer(kind, { frozenAt: T0, settings: { sessionTtlMs: 365 * 86_400_000 } });
    sup = await s.login(SUP.username, SUP.password);
    customer = await s.addCustomer(sup, 'key_owner');
  });
  afterAll(() => s?.close());

  it('is made on user/info, answered once, stored only as its SHA-256', async () => {
    const before = await s.get('/api/apikey/info', customer.token);
    expect(before.data).toEqual({
      has_key: false,
      key: null,
      create_at: null,
      last_used_at: null,
      revoked_at: null,
      base_url: `${s.url}/stubs/handler_api.php`,
    });
    const made = await create(customer.token);
    expect(made.code).toBe(200);
    expect(made.message).toBe('接口密钥已生成');
    const key = made.data.key as string;
    expect(key).toMatch(KEY);
    expect(made.data.masked).toBe(`sak_…${key.slice(-4)}`);
    expect(made.data.base_url).toBe(`${s.url}/stubs/handler_api.php`);

    const rows = await s.database.db.selectFrom('api_keys').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].key_hash).toBe(crypto.createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(key.slice(4, 20));

    expectWord(await balanceWord(key), 'ACCESS_BALANCE:0.00');
    const info = await s.get('/api/apikey/info', customer.token);
    expect(info.data).toMatchObject({ has_key: true, key: `sak_…${key.slice(-4)}`, revoked_at: null });
    expect(info.data.last_used_at).not.toBeNull();
    expect(JSON.stringify(info)).not.toContain(key);
  });

  it('rotating replaces it: the old key answers BAD_KEY at once, the new one works', async () => {
    const first = (await create(customer.token)).data.key as string;
    expectWord(await balanceWord(first), 'ACCESS_BALANCE:0.00');
    const rotated = await create(customer.token);
    expect(rotated.message).toBe('接口密钥已更换，旧密钥已失效');
    expectWord(await balanceWord(first), 'BAD_KEY');
    expectWord(await balanceWord(rotated.data.key), 'ACCESS_BALANCE:0.00');
    expect(await s.database.db.selectFrom('api_keys').selectAll().where('user_id', '=', customer.id).execute()).toHaveLength(1);
  });

  it('is never a console session, and a console token is never a key', async () => {
    const key = (await create(customer.token)).data.key as string;
    const asSession = await s.post('/api/user/info', {}, key);
    expect(asSession.code).toBe(204);
    expectWord(await balanceWord(customer.token), 'BAD_KEY');
    expectWord(await handler(s, { action: 'getBalance' }, { headers: { authorization: `Bearer ${customer.token}` } }), 'BAD_KEY');
  });

  it("a sup has none and cannot make one; a sup switched into a customer's account cannot make the customer's", async () => {
    for (const r of [await create(sup), await s.get('/api/apikey/info', sup)]) {
      expect(r.code).toBe(403);
      expect(chinese(r.message)).toBe(true);
    }
    const supId = (await s.get('/api/user/base', sup)).data.id;
    expect(await s.database.db.selectFrom('api_keys').selectAll().where('user_id', '=', supId).execute()).toEqual([]);

    const other = await s.addCustomer(sup, 'switched_into');
    const switched = await s.post('/api/user/manager', { id: other.id }, await s.login(SUP.username, SUP.password));
    const asCustomer = switched.data.token as string;
    const refused = await create(asCustomer);
    expect(refused.code).toBe(403);
    expect(refused.message).toContain('管理员切换');
    expect((await s.get('/api/apikey/info', asCustomer)).data.has_key).toBe(false);
    expect(await s.database.db.selectFrom('api_keys').selectAll().where('user_id', '=', other.id).execute()).toEqual([]);
  });

  it('the sup sees who holds a key and revokes it: BAD_KEY at once, in another process within the cache time', async () => {
    const key = (await create(customer.token)).data.key as string;
    const list = await s.post('/api/user/data', {}, sup);
    const holders = Object.fromEntries(list.data.list.map((u: { username: string; api_key: boolean }) => [u.username, u.api_key]));
    expect(holders).toMatchObject({ key_owner: true, switched_into: false, admin: false });
    expect((await s.get(`/api/user/detail?id=${customer.id}`, sup)).data.api_key).toBe(true);

    const peer = await s.peer();
    expectWord(await handler(s, { api_key: key, action: 'getBalance' }, { base: peer.url }), 'ACCESS_BALANCE:0.00');
    const revoked = await s.post('/api/apikey/revoke', { user_id: customer.id }, sup);
    expect([revoked.code, revoked.message]).toEqual([200, '接口密钥已撤销']);
    expectWord(await balanceWord(key), 'BAD_KEY');
    s.clock.advance(s.settings.readCacheMs + 1);
    expectWord(await handler(s, { api_key: key, action: 'getBalance' }, { base: peer.url }), 'BAD_KEY');

    const info = await s.get('/api/apikey/info', customer.token);
    expect(info.data).toMatchObject({ has_key: false, key: `sak_…${key.slice(-4)}` });
    expect(info.data.revoked_at).not.toBeNull();
    const again = await s.post('/api/apikey/revoke', { user_id: customer.id }, sup);
    expect(again.code).toBe(409);
    expect((await s.post('/api/apikey/revoke', { user_id: 999_999 }, sup)).code).toBe(404);
    expect((await s.post('/api/user/data', {}, sup)).data.list.find((u: { id: number }) => u.id === customer.id).api_key).toBe(false);

    // The customer may make a new one afterwards.
    expectWord(await balanceWord((await create(customer.token)).data.key), 'ACCESS_BALANCE:0.00');
  });

  it("a disabled account's key, or one made a sup, answers BAD_KEY; enabled again it works", async () => {
    const key = (await create(customer.token)).data.key as string;
    expect((await s.post('/api/user/edit', { id: customer.id, status: 'disabled' }, sup)).code).toBe(200);
    expectWord(await balanceWord(key), 'BAD_KEY');
    expect((await s.post('/api/user/edit', { id: customer.id, status: 'active' }, sup)).code).toBe(200);
    expectWord(await balanceWord(key), 'ACCESS_BALANCE:0.00');
    expect((await s.post('/api/user/edit', { id: customer.id, type: 'sup' }, sup)).code).toBe(200);
    expectWord(await balanceWord(key), 'BAD_KEY');
    expect((await s.post('/api/user/edit', { id: customer.id, type: 'user' }, sup)).code).toBe(200);
    // Disabling ended the customer's sessions (not the key): log in again for what follows.
    customer.token = await s.login('key_owner', 'Customer-pass-1');
  });

  it('last use is written at most once a minute, not per call', async () => {
    const key = (await create(customer.token)).data.key as string;
    const lastUsed = async () =>
      (await s.database.db.selectFrom('api_keys').select('last_used_at').where('user_id', '=', customer.id).executeTakeFirstOrThrow())
        .last_used_at;
    await balanceWord(key);
    const first = await lastUsed();
    expect(Number(first)).toBe(s.clock.now());
    s.clock.advance(30_000);
    await balanceWord(key);
    expect(await lastUsed()).toBe(first);
    s.clock.advance(30_000);
    await balanceWord(key);
    expect(Number(await lastUsed())).toBe(s.clock.now());
  });
});
