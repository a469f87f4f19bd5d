/**
 * The 开放注册 switch of the system settings: `register_open` on /api/config/edit, shown by
 * /api/config/index (public, so the login page can hide its link). Off, self-registration is refused
 * with a Chinese message and creates nothing; the sup still adds users. Open by default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

describe.each(dbKinds)('the registration switch on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let customer: string;
  const users = async () =>
    Number(
      (
        await s.database.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
    customer = (await s.addCustomer(sup, 'switch_customer')).token;
  });
  afterAll(() => s?.close());

  it('is open by default: shown as open, and anyone may register', async () => {
    const shown = await s.get('/api/config/index');
    expect(shown.code).toBe(200);
    expect(shown.data).toEqual({ content: '', register_open: true });
    expect((await s.post('/api/user/register', { username: 'early_bird', password: 'password-1' })).code).toBe(200);
  });

  it('closed by the sup: shown as closed to everyone, the contact content untouched', async () => {
    expect((await s.post('/api/config/edit', { content: '<p>客服</p>' }, sup)).code).toBe(200);
    const r = await s.post('/api/config/edit', { register_open: false }, sup);
    expect(r.code).toBe(200);
    // The sup's answer also says whether sups must use two-step login; the public one does not.
    expect(r.data).toEqual({ content: '<p>客服</p>', register_open: false, require_sup_totp: false });
    expect((await s.get('/api/config/index')).data).toEqual({ content: '<p>客服</p>', register_open: false });
    expect((await s.get('/api/config/index', customer)).data.register_open).toBe(false);
  });

  it('closed: a registration is refused in Chinese and creates no user', async () => {
    const before = await users();
    const r = await s.post('/api/user/register', { username: 'late_comer', password: 'password-1' });
    expect(r.code).toBe(403);
    expect(r.message).toBe('暂不开放注册，请联系管理员');
    expect(r.data).toBeNull();
    expect(await users()).toBe(before);
    expect((await s.call('POST', '/api/user/login', { body: { username: 'late_comer', password: 'password-1' } })).code).toBe(400);
  });

  it('closed: the sup still adds users, and existing users still log in', async () => {
    expect((await s.post('/api/user/add', { username: 'added_by_sup', password: 'password-1' }, sup)).code).toBe(200);
    expect(await s.login('added_by_sup', 'password-1')).toBeTruthy();
    expect(await s.login('early_bird', 'password-1')).toBeTruthy();
  });

  it('editing the contact content leaves the switch as it is', async () => {
    expect((await s.post('/api/config/edit', { content: '<p>新的客服</p>' }, sup)).code).toBe(200);
    expect((await s.get('/api/config/index')).data).toEqual({ content: '<p>新的客服</p>', register_open: false });
  });

  it('only the sup may turn it, and only with a boolean', async () => {
    const byCustomer = await s.post('/api/config/edit', { register_open: true }, customer);
    expect(byCustomer.code).toBe(403);
    expect((await s.post('/api/config/edit', { register_open: true })).code).toBe(203);
    for (const bad of ['yes', 'true', 2, null, [true]]) {
      const r = await s.post('/api/config/edit', { register_open: bad }, sup);
      expect(r.code, JSON.stringify(bad)).toBe(400);
      expect(chinese(r.message)).toBe(true);
    }
    const nothing = await s.post('/api/config/edit', {}, sup);
    expect(nothing.code).toBe(400);
    expect(chinese(nothing.message)).toBe(true);
    expect((await s.get('/api/config/index')).data.register_open).toBe(false);
  });

  it('opened again: registration works again', async () => {
    expect((await s.post('/api/config/edit', { register_open: true }, sup)).data.register_open).toBe(true);
    expect((await s.get('/api/config/index')).data.register_open).toBe(true);
    const r = await s.post('/api/user/register', { username: 'late_comer', password: 'password-1' });
    expect(r.code).toBe(200);
    expect(r.data.token).toBeTruthy();
  });
});
