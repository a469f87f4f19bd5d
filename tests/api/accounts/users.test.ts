/** The sup's user management: list with filters and sort, add, edit, search, and switching accounts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

// Created at known instants (UTC), so the create_at range filter can be checked in Shanghai time.
const JAN_10 = Date.UTC(2024, 0, 10, 2, 0, 0); // 2024-01-10 10:00:00 in Shanghai
const JAN_20 = Date.UTC(2024, 0, 20, 2, 0, 0);
const FEB_01 = Date.UTC(2024, 0, 31, 17, 0, 0); // 2024-02-01 01:00:00 in Shanghai, still Jan 31 in UTC

describe.each(dbKinds)('user management on %s', (kind) => {
  let s: TestServer;
  let supToken: string;
  const ids: Record<string, number> = {};

  const add = async (body: Record<string, unknown>, at?: number) => {
    if (at !== undefined) s.clock.freeze(at);
    try {
      const r = await s.post('/api/user/add', { password: 'password-1', ...body }, supToken);
      expect(r.code, r.message).toBe(200);
      ids[body.username as string] = r.data.id;
      return r;
    } finally {
      s.clock.reset();
    }
  };
  const list = (body: unknown, query = '') => s.post(`/api/user/data${query}`, body, supToken);
  const names = (r: { data: { list: { username: string }[] } }) => r.data.list.map((u) => u.username);

  beforeAll(async () => {
    s = await startServer(kind);
    supToken = await s.login(SUP.username, SUP.password);
    await add({ username: 'alice', email: 'alice@example.com' }, JAN_10);
    await add({ username: 'bob', status: 'disabled' }, JAN_20);
    await add({ username: 'car_ol' }, FEB_01);
    await add({ username: 'carxol' }, FEB_01 + 1000);
    await add({ username: 'sup_two', type: 'sup' });
  });
  afterAll(() => s?.close());

  describe('user/data', () => {
    it('lists every user newest first with total, and no password of any kind', async () => {
      const r = await list({});
      expect(r.code).toBe(200);
      expect(r.data.total).toBe(6);
      expect(names(r)).toEqual(['sup_two', 'carxol', 'car_ol', 'bob', 'alice', 'admin']);
      const alice = r.data.list.find((u: Record<string, unknown>) => u.username === 'alice');
      expect(alice).toMatchObject({
        id: ids.alice,
        type: 'user',
        status: 'active',
        balance: 0,
        email: 'alice@example.com',
        tg: null,
        create_at: '2024-01-10 10:00:00',
        login_at: null,
        login_count: 0,
        login_ip: null,
      });
      expect(JSON.stringify(r.data)).not.toMatch(/password|argon2/i);
    });

    it('pages with page and pageSize', async () => {
      const r = await list({}, '?page=2&pageSize=2');
      expect(r.data.total).toBe(6);
      expect(names(r)).toEqual(['car_ol', 'bob']);
      const last = await list({}, '?page=4&pageSize=2');
      expect(last.data).toEqual({ list: [], total: 6 });
    });

    it('filters by username (contains, case-insensitive, wildcards taken literally)', async () => {
      expect(names(await list({ username: 'ALI' }))).toEqual(['alice']);
      expect(names(await list({ username: 'r_o' }))).toEqual(['car_ol']);
      expect(names(await list({ username: '%' }))).toEqual([]);
      expect(names(await list({ username: '' })).length).toBe(6);
    });

    it('filters by type and status', async () => {
      expect(names(await list({ type: 'sup' }))).toEqual(['sup_two', 'admin']);
      expect(names(await list({ status: 'disabled' }))).toEqual(['bob']);
      expect(names(await list({ type: 'user', status: 'active' }))).toEqual(['carxol', 'car_ol', 'alice']);
    });

    it('filters by a create_at range in the business time zone', async () => {
      const r = await list({ create_at: ['2024-01-10 10:00:00', '2024-01-31 23:59:59'] });
      expect(names(r)).toEqual(['bob', 'alice']);
      expect(r.data.total).toBe(2);
      // 2024-02-01 01:00 in Shanghai is Jan 31 in UTC: a day filter must follow Shanghai.
      expect(names(await list({ create_at: ['2024-02-01', '2024-02-01 23:59:59'] }))).toEqual(['carxol', 'car_ol']);
      expect(names(await list({ create_at: ['2024-01-10 10:00:01', null] })).includes('alice')).toBe(false);
      expect(names(await list({ create_at: [null, '2024-01-15'] }))).toEqual(['alice']);
    });

    it('sorts by a sortable field in either direction', async () => {
      expect(names(await list({ sort: 'username', order: 'asc' }))).toEqual(['admin', 'alice', 'bob', 'car_ol', 'carxol', 'sup_two']);
      expect(names(await list({ sort: 'create_at', order: 'asc', type: 'user' }))).toEqual(['alice', 'bob', 'car_ol', 'carxol']);
      expect(names(await list({ order: 'asc' }))[0]).toBe('admin');
    });
  });

  describe('user/add', () => {
    it('adds a user who can then log in, with type and status defaulted', async () => {
      const r = await add({ username: 'eve_new', email: 'eve@example.com', tg: '@eve' });
      expect(r.data).toMatchObject({ username: 'eve_new', type: 'user', status: 'active', balance: 0, tg: '@eve' });
      expect(r.data).not.toHaveProperty('password');
      const login = await s.post('/api/user/login', { username: 'eve_new', password: 'password-1' });
      expect(login.code).toBe(200);
      expect(login.data.type).toBe('user');
    });

    it.each([
      ['a taken username', { username: 'alice', password: 'password-1' }],
      ['a balance', { username: 'rich_guy', password: 'password-1', balance: 100 }],
      ['a login count', { username: 'counted', password: 'password-1', login_count: 5 }],
      ['an unknown type', { username: 'typed_x', password: 'password-1', type: 'root' }],
      ['a type named like an object property', { username: 'typed_y', password: 'password-1', type: 'toString' }],
      ['a status named like an object property', { username: 'typed_z', password: 'password-1', status: 'constructor' }],
      ['no password', { username: 'no_pass' }],
    ])('refuses %s with 400 and adds nothing', async (_what, body) => {
      const before = await s.snapshot();
      const r = await s.post('/api/user/add', body, supToken);
      expect(r.code).toBe(400);
      expect(chinese(r.message)).toBe(true);
      expect(await s.snapshot()).toBe(before);
    });
  });

  describe('user/edit', () => {
    it('changes the fields it is given and leaves the others', async () => {
      const r = await s.post('/api/user/edit', { id: ids.alice, tg: '@alice', password: '' }, supToken);
      expect(r.code).toBe(200);
      expect(r.data).toMatchObject({ username: 'alice', email: 'alice@example.com', tg: '@alice', status: 'active' });
      expect((await s.post('/api/user/login', { username: 'alice', password: 'password-1' })).code).toBe(200);
    });

    it("sets a new password, ending that user's sessions", async () => {
      const token = await s.login('carxol', 'password-1');
      expect((await s.post('/api/user/edit', { id: ids.carxol, password: 'other-pass-2' }, supToken)).code).toBe(200);
      expect((await s.post('/api/user/info', undefined, token)).code).toBe(205);
      expect((await s.post('/api/user/login', { username: 'carxol', password: 'password-1' })).code).toBe(400);
      expect((await s.post('/api/user/login', { username: 'carxol', password: 'other-pass-2' })).code).toBe(200);
    });

    it('disabling a user ends their sessions with 205', async () => {
      const token = await s.login('car_ol', 'password-1');
      expect((await s.post('/api/user/info', undefined, token)).code).toBe(200);
      const r = await s.post('/api/user/edit', { id: ids.car_ol, status: 'disabled' }, supToken);
      expect(r.code).toBe(200);
      expect(r.data.status).toBe('disabled');
      expect((await s.post('/api/user/info', undefined, token)).code).toBe(205);
    });

    it('a sup cannot demote or disable themselves', async () => {
      const me = (await s.post('/api/user/info', undefined, supToken)).data;
      for (const body of [{ type: 'user' }, { status: 'disabled' }]) {
        const before = await s.snapshot();
        const r = await s.post('/api/user/edit', { id: me.id, ...body }, supToken);
        expect(r.code).toBe(403);
        expect(chinese(r.message)).toBe(true);
        expect(await s.snapshot()).toBe(before);
      }
      expect((await s.post('/api/user/info', undefined, supToken)).data).toMatchObject({ type: 'sup', status: 'active' });
    });

    it('a sup can demote another sup while one remains, and the demoted account loses sup calls', async () => {
      const other = await s.login('sup_two', 'password-1');
      expect((await s.post('/api/user/data', {}, other)).code).toBe(200);
      expect((await s.post('/api/user/edit', { id: ids.sup_two, type: 'user' }, supToken)).code).toBe(200);
      expect((await s.post('/api/user/data', {}, other)).code).toBe(403);
    });

    it('refuses a username change, an unknown user and an empty required field', async () => {
      const before = await s.snapshot();
      expect((await s.post('/api/user/edit', { id: ids.alice, username: 'alice2' }, supToken)).code).toBe(400);
      expect((await s.post('/api/user/edit', { id: 999_999, tg: 'x' }, supToken)).code).toBe(404);
      const emptied = await s.post('/api/user/edit', { id: ids.alice, type: '' }, supToken);
      expect(emptied.code).toBe(400);
      expect(emptied.data.errors.type).toBeTruthy();
      expect(await s.snapshot()).toBe(before);
    });
  });

  describe('user/search', () => {
    it('finds users by part of the name or by ids, with id, username and type only', async () => {
      const r = await s.post('/api/user/search', { keyword: 'car' }, supToken);
      expect(r.code).toBe(200);
      expect(r.data.list).toEqual([
        { id: ids.car_ol, username: 'car_ol', type: 'user' },
        { id: ids.carxol, username: 'carxol', type: 'user' },
      ]);
      const byIds = await s.post('/api/user/search', { ids: [ids.alice, ids.bob] }, supToken);
      expect(byIds.data.list.map((u: Record<string, unknown>) => u.username)).toEqual(['alice', 'bob']);
      const found = async (keyword: string) =>
        (await s.post('/api/user/search', { keyword }, supToken)).data.list.map((u: Record<string, unknown>) => u.username);
      expect(await found('r_o')).toEqual(['car_ol']);
      expect(await found('%')).toEqual([]);
      expect(await found('ALI')).toEqual(['alice']);
      expect((await s.post('/api/user/search', { ids: [] }, supToken)).data.list).toEqual([]);
    });
  });

  describe('switching accounts', () => {
    it('user/manager opens a session for the user that remembers the sup; user/admin goes back', async () => {
      const sup = await s.login(SUP.username, SUP.password);
      const r = await s.post('/api/user/manager', { id: ids.alice }, sup);
      expect(r.code).toBe(200);
      expect(chinese(r.message)).toBe(true);
      expect(r.data.type).toBe('user');
      expect(r.data.user).toMatchObject({ username: 'alice', manager: SUP.username });
      expect(r.headers.get('authorization')).toBe(`Bearer ${r.data.token}`);
      const switched = r.data.token as string;

      // The sup's session that switched has ended; the switched one is alice's.
      expect((await s.post('/api/user/info', undefined, sup)).code).toBe(205);
      const info = await s.post('/api/user/info', undefined, switched);
      expect(info.data).toMatchObject({ username: 'alice', type: 'user', manager: SUP.username });
      expect((await s.get('/api/user/base', switched)).data.manager).toBe(SUP.username);
      // It is a customer's session: sup calls stay closed.
      expect((await s.post('/api/user/data', {}, switched)).code).toBe(403);
      // Alice's own logins carry no manager.
      const own = await s.login('alice', 'password-1');
      expect((await s.post('/api/user/info', undefined, own)).data).not.toHaveProperty('manager');
      expect((await s.post('/api/user/admin', {}, own)).code).toBe(403);

      const back = await s.post('/api/user/admin', {}, switched);
      expect(back.code).toBe(200);
      expect(back.data.type).toBe('sup');
      expect(back.data.user.username).toBe(SUP.username);
      expect(back.data.user).not.toHaveProperty('manager');
      expect((await s.post('/api/user/info', undefined, switched)).code).toBe(205);
      const supAgain = back.data.token as string;
      expect((await s.post('/api/user/data', {}, supAgain)).code).toBe(200);
      supToken = supAgain;
    });

    it('refuses to switch into a sup, a disabled user or nobody', async () => {
      const me = (await s.post('/api/user/info', undefined, supToken)).data;
      const before = await s.counts();
      expect((await s.post('/api/user/manager', { id: me.id }, supToken)).code).toBe(403);
      expect((await s.post('/api/user/manager', { id: ids.bob }, supToken)).code).toBe(409);
      expect((await s.post('/api/user/manager', { id: 987_654 }, supToken)).code).toBe(404);
      expect((await s.post('/api/user/manager', {}, supToken)).code).toBe(400);
      expect(await s.counts()).toEqual(before);
      expect((await s.post('/api/user/info', undefined, supToken)).code).toBe(200);
    });
  });
});
