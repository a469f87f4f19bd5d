/** Register, login, the caller's own info, profile and password change. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, localTime, startServer, SUP, type TestServer } from '../../helpers/server.js';

describe.each(dbKinds)('account calls on %s', (kind) => {
  let s: TestServer;
  let supToken: string;

  beforeAll(async () => {
    s = await startServer(kind);
    supToken = await s.login(SUP.username, SUP.password);
  });
  afterAll(() => s?.close());

  describe('register', () => {
    it('creates a customer and logs it in', async () => {
      const r = await s.post('/api/user/register', { username: 'new_user1', password: 'password-1', email: 'a@b.cn', tg: '@tg' });
      expect(r.code).toBe(200);
      expect(r.data.type).toBe('user');
      expect(r.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(r.data.user).toMatchObject({ username: 'new_user1', balance: 0, email: 'a@b.cn', tg: '@tg', login_count: 1 });
      const info = await s.post('/api/user/info', undefined, r.data.token);
      expect(info.data.username).toBe('new_user1');
      const row = await s.database.db.selectFrom('users').selectAll().where('username', '=', 'new_user1').executeTakeFirstOrThrow();
      expect(row.type).toBe('user');
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
    });

    it.each([
      ['a username shorter than 3', { username: 'ab', password: 'password-1' }, 'username'],
      ['a username longer than 32', { username: 'a'.repeat(33), password: 'password-1' }, 'username'],
      ['a username with a space', { username: 'bad name', password: 'password-1' }, 'username'],
      ['a username with Chinese letters', { username: '用户名字', password: 'password-1' }, 'username'],
      ['a username with a dash', { username: 'bad-name', password: 'password-1' }, 'username'],
      ['a password shorter than 8', { username: 'good_name', password: '1234567' }, 'password'],
      ['no password', { username: 'good_name' }, 'password'],
      ['a malformed email', { username: 'good_name', password: 'password-1', email: 'not-an-email' }, 'email'],
    ])('refuses %s with 400 naming the field', async (_what, body, field) => {
      const before = await s.counts();
      const r = await s.post('/api/user/register', body);
      expect(r.code).toBe(400);
      expect(chinese(r.message)).toBe(true);
      expect(r.data.errors[field]).toBeTruthy();
      expect(await s.counts()).toEqual(before);
    });

    it('accepts usernames of exactly 3 and 32 letters, digits and underscores', async () => {
      for (const username of ['a_1', 'Z'.repeat(30) + '_9']) {
        const r = await s.post('/api/user/register', { username, password: '12345678' });
        expect(r.code, username).toBe(200);
      }
    });

    it('refuses a duplicate username with 409', async () => {
      const before = await s.counts();
      const r = await s.post('/api/user/register', { username: 'new_user1', password: 'password-2' });
      expect(r.code).toBe(409);
      expect(chinese(r.message)).toBe(true);
      expect(await s.counts()).toEqual(before);
    });

    it('cannot register a sup, a balance or any field it does not know', async () => {
      const before = await s.counts();
      for (const extra of [{ type: 'sup' }, { balance: 100 }, { status: 'active' }]) {
        const r = await s.post('/api/user/register', { username: 'climber', password: 'password-1', ...extra });
        expect(r.code).toBe(400);
      }
      expect(await s.counts()).toEqual(before);
    });
  });

  describe('login', () => {
    it('answers {token, type, user} and records login time, count and address', async () => {
      await s.post('/api/user/register', { username: 'login_me', password: 'password-1' });
      const at = Date.UTC(2031, 5, 30, 16, 30, 0); // 00:30 on July 1st in Shanghai
      s.clock.freeze(at);
      try {
        const r = await s.post('/api/user/login', { username: 'login_me', password: 'password-1' });
        expect(r.code).toBe(200);
        expect(Object.keys(r.data).sort()).toEqual(['token', 'type', 'user']);
        expect(r.data.type).toBe('user');
        expect(r.data.user).toMatchObject({ username: 'login_me', login_count: 2, login_ip: '127.0.0.1', login_at: localTime(at) });
        expect(r.data.user.login_at).toBe('2031-07-01 00:30:00');
        const row = await s.database.db.selectFrom('users').selectAll().where('username', '=', 'login_me').executeTakeFirstOrThrow();
        expect(row).toMatchObject({ login_at: at, login_count: 2, login_ip: '127.0.0.1' });
      } finally {
        s.clock.reset();
      }
    });

    it('sends times in the configured business time zone, across daylight-saving changes', async () => {
      const app = await s.sibling({ timeZone: 'America/New_York' });
      // Around the spring and autumn changes of 2030 in New York, and an ordinary instant.
      const instants = [
        Date.UTC(2030, 2, 10, 6, 59, 59),
        Date.UTC(2030, 2, 10, 7, 0, 0),
        Date.UTC(2030, 10, 3, 5, 30, 0),
        Date.UTC(2030, 10, 3, 6, 30, 0),
        Date.UTC(2030, 6, 1, 12, 0, 0),
      ];
      try {
        for (const at of instants) {
          s.clock.freeze(at);
          const r = await app.post('/api/user/login', { username: 'login_me', password: 'password-1' });
          expect(r.data.user.login_at).toBe(localTime(at, 'America/New_York'));
        }
        expect(localTime(instants[0], 'America/New_York')).toBe('2030-03-10 01:59:59');
        expect(localTime(instants[1], 'America/New_York')).toBe('2030-03-10 03:00:00');
      } finally {
        s.clock.reset();
      }
    });

    it('gives the same answer for a wrong password and an unknown user, and counts nothing', async () => {
      const before = await s.snapshot();
      const wrong = await s.post('/api/user/login', { username: 'login_me', password: 'password-x' });
      const unknown = await s.post('/api/user/login', { username: 'nobody_here', password: 'password-1' });
      expect(wrong.code).toBe(400);
      expect(unknown.code).toBe(400);
      expect(wrong.message).toBe(unknown.message);
      expect(chinese(wrong.message)).toBe(true);
      expect(wrong.data?.token).toBeUndefined();
      expect(await s.snapshot()).toBe(before);
    });

    it('refuses a disabled account with 205', async () => {
      const { id } = await s.addCustomer(supToken, 'to_disable', 'password-1');
      expect((await s.post('/api/user/edit', { id, status: 'disabled' }, supToken)).code).toBe(200);
      const r = await s.post('/api/user/login', { username: 'to_disable', password: 'password-1' });
      expect(r.code).toBe(205);
      expect(r.data).toBeNull();
    });
  });

  describe('user/info and user/base', () => {
    it('answer the caller with the fields the console shows, and never a password', async () => {
      const token = await s.login('login_me', 'password-1');
      const expected = ['balance', 'create_at', 'email', 'login_at', 'login_count', 'login_ip', 'tg', 'type', 'username'];
      const viaPost = await s.post('/api/user/info', undefined, token);
      const viaEmpty = await s.post('/api/user/info', {}, token);
      const viaGet = await s.get('/api/user/base', token);
      for (const r of [viaPost, viaEmpty, viaGet]) {
        expect(r.code).toBe(200);
        expect(Object.keys(r.data)).toEqual(expect.arrayContaining(expected));
        expect(r.data.username).toBe('login_me');
        expect(r.data.create_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
        expect(r.data).not.toHaveProperty('manager');
        expect(r.data.time_zone).toBe(s.settings.timeZone);
        expect(JSON.stringify(r)).not.toMatch(/password|argon2/i);
      }
      expect(viaGet.data).toEqual(viaPost.data);
      const sup = await s.post('/api/user/info', undefined, supToken);
      expect(sup.data).toMatchObject({ username: SUP.username, type: 'sup' });
    });

    it('user/info refuses a body with fields', async () => {
      const token = await s.login('login_me', 'password-1');
      const r = await s.post('/api/user/info', { id: 1 }, token);
      expect(r.code).toBe(400);
    });
  });

  describe('user/profile', () => {
    it('changes email and Telegram, and nothing else', async () => {
      const token = await s.login('login_me', 'password-1');
      const r = await s.post('/api/user/profile', { email: 'me@example.com', tg: '@me' }, token);
      expect(r.code).toBe(200);
      expect((await s.get('/api/user/base', token)).data).toMatchObject({ email: 'me@example.com', tg: '@me' });
      const cleared = await s.post('/api/user/profile', { tg: '' }, token);
      expect(cleared.code).toBe(200);
      expect((await s.get('/api/user/base', token)).data).toMatchObject({ email: 'me@example.com', tg: null });
    });

    it.each([
      [{ type: 'sup' }],
      [{ balance: 1000 }],
      [{ username: 'renamed' }],
      [{ status: 'active' }],
      [{ email: 'nope' }],
      [{ tg: 'x'.repeat(65) }],
      [{ email: 42 }],
    ])('refuses %j with 400 and changes nothing', async (body) => {
      const token = await s.login('login_me', 'password-1');
      const before = await s.snapshot();
      const r = await s.post('/api/user/profile', body, token);
      expect(r.code).toBe(400);
      expect(chinese(r.message)).toBe(true);
      expect(await s.snapshot()).toBe(before);
    });
  });

  describe('user/password', () => {
    it('needs the old password, ends the other sessions and keeps the current one', async () => {
      await s.post('/api/user/register', { username: 'pw_user', password: 'old-password' });
      const current = await s.login('pw_user', 'old-password');
      const other = await s.login('pw_user', 'old-password');
      const bystander = await s.login('login_me', 'password-1');

      const wrong = await s.post('/api/user/password', { old_password: 'not-the-password', password: 'new-password' }, current);
      expect(wrong.code).toBe(400);
      expect(wrong.data.errors.old_password).toBeTruthy();
      const short = await s.post('/api/user/password', { old_password: 'old-password', password: 'short' }, current);
      expect(short.code).toBe(400);
      expect(short.data.errors.password).toBeTruthy();
      // Nothing changed yet: the other session still works.
      expect((await s.post('/api/user/info', undefined, other)).code).toBe(200);

      const done = await s.post('/api/user/password', { old_password: 'old-password', password: 'new-password' }, current);
      expect(done.code).toBe(200);
      expect((await s.post('/api/user/info', undefined, current)).code).toBe(200);
      expect((await s.post('/api/user/info', undefined, other)).code).toBe(205);
      expect((await s.post('/api/user/info', undefined, bystander)).code).toBe(200);

      expect((await s.post('/api/user/login', { username: 'pw_user', password: 'old-password' })).code).toBe(400);
      expect((await s.post('/api/user/login', { username: 'pw_user', password: 'new-password' })).code).toBe(200);
    });
  });
});
