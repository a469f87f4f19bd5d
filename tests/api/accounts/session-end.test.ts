/**
 * Ending sessions for real: logout revokes the token on the server, and ending a sup's sessions also
 * ends the sessions that sup opened in customers' accounts (they could switch back to a fresh sup).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

describe.each(dbKinds)('ending sessions on %s', (kind) => {
  let s: TestServer;
  let boss: string; // a second sup, who manages the first
  let supId: number;
  let customerId: number;
  let supPassword = SUP.password;

  const info = (token: string) => s.post('/api/user/info', undefined, token);
  /** A fresh session of the first sup switched into the customer's account. */
  const switchedIn = async () => {
    const sup = await s.login(SUP.username, supPassword);
    const r = await s.post('/api/user/manager', { id: customerId }, sup);
    expect(r.code, r.message).toBe(200);
    return r.data.token as string;
  };
  /** The switched session is over: no call as the customer, and no way back to the sup. */
  const expectEnded = async (switched: string) => {
    expect((await info(switched)).code).toBe(205);
    const back = await s.post('/api/user/admin', {}, switched);
    expect(back.code).toBe(205);
    expect(back.data).toBeNull();
    expect(back.headers.get('authorization')).toBeNull();
  };

  beforeAll(async () => {
    s = await startServer(kind);
    const first = await s.login(SUP.username, SUP.password);
    supId = (await info(first)).data.id;
    customerId = (await s.addCustomer(first, 'managed_one')).id;
    expect((await s.post('/api/user/add', { username: 'boss_sup', password: 'boss-pass-1', type: 'sup', role: 'owner' }, first)).code).toBe(
      200,
    );
    boss = await s.login('boss_sup', 'boss-pass-1');
  });
  afterAll(() => s?.close());

  describe('a session switched into a customer', () => {
    it('ends when its sup changes their own password', async () => {
      const switched = await switchedIn();
      expect((await info(switched)).data).toMatchObject({ username: 'managed_one', manager: SUP.username });
      const elsewhere = await s.login(SUP.username, supPassword);
      const changed = await s.post('/api/user/password', { old_password: supPassword, password: 'Admin-pass-456' }, elsewhere);
      expect(changed.code, changed.message).toBe(200);
      supPassword = 'Admin-pass-456';
      await expectEnded(switched);
      // The session that changed the password goes on.
      expect((await info(elsewhere)).code).toBe(200);
    });

    it("ends when another sup resets that sup's password through user/edit", async () => {
      const switched = await switchedIn();
      expect((await s.post('/api/user/edit', { id: supId, password: 'Admin-pass-789' }, boss)).code).toBe(200);
      supPassword = 'Admin-pass-789';
      await expectEnded(switched);
    });

    it('ends when that sup is disabled, and stays ended when they are enabled again', async () => {
      const switched = await switchedIn();
      expect((await s.post('/api/user/edit', { id: supId, status: 'disabled' }, boss)).code).toBe(200);
      await expectEnded(switched);
      expect((await s.post('/api/user/edit', { id: supId, status: 'active' }, boss)).code).toBe(200);
      await expectEnded(switched);
    });

    it("ends when that sup is demoted, while the demoted account's own session stays a customer's", async () => {
      const own = await s.login(SUP.username, supPassword);
      const switched = await switchedIn();
      expect((await s.post('/api/user/edit', { id: supId, type: 'user' }, boss)).code).toBe(200);
      try {
        await expectEnded(switched);
        expect((await s.post('/api/user/data', {}, own)).code).toBe(403);
      } finally {
        expect((await s.post('/api/user/edit', { id: supId, type: 'sup' }, boss)).code).toBe(200);
      }
    });

    it('is not ended by a change to another sup', async () => {
      const switched = await switchedIn();
      expect((await s.post('/api/user/profile', { tg: '@boss' }, boss)).code).toBe(200);
      const bossAgain = await s.login('boss_sup', 'boss-pass-1');
      expect((await s.post('/api/user/password', { old_password: 'boss-pass-1', password: 'boss-pass-2' }, bossAgain)).code).toBe(200);
      boss = bossAgain;
      expect((await info(switched)).code).toBe(200);
      const back = await s.post('/api/user/admin', {}, switched);
      expect(back.code).toBe(200);
      expect(back.data.user.username).toBe(SUP.username);
    });
  });

  describe('user/logout', () => {
    it('ends the calling session on the server: the token answers 204 afterwards, a second logout too', async () => {
      const token = await s.login('managed_one', 'Customer-pass-1');
      const other = await s.login('managed_one', 'Customer-pass-1');
      const r = await s.post('/api/user/logout', {}, token);
      expect(r.code).toBe(200);
      expect(chinese(r.message)).toBe(true);
      expect(r.data).toBeNull();
      for (const call of [() => info(token), () => s.get('/api/user/base', token), () => s.post('/api/user/logout', {}, token)]) {
        const after = await call();
        expect(after.code).toBe(204);
        expect(chinese(after.message)).toBe(true);
      }
      // Only that session: the same user's other login goes on.
      expect((await info(other)).code).toBe(200);
    });

    it('accepts no body as well as an empty object', async () => {
      const token = await s.login('managed_one', 'Customer-pass-1');
      expect((await s.post('/api/user/logout', undefined, token)).code).toBe(200);
      expect((await info(token)).code).toBe(204);
    });

    it('also ends the token a rotation replaced, which would otherwise last its grace minute', async () => {
      const old = await s.login('managed_one', 'Customer-pass-1');
      s.clock.advance(s.settings.sessionRotateMs + 1000);
      try {
        const rotated = await info(old);
        const next = rotated.headers.get('authorization')!.slice('Bearer '.length);
        expect(next).toBeTruthy();
        expect((await s.post('/api/user/logout', {}, next)).code).toBe(200);
        expect((await info(old)).code).toBe(204);
        expect((await info(next)).code).toBe(204);
      } finally {
        s.clock.reset();
      }
    });

    it("ends a switched session without touching the sup's other sessions", async () => {
      const sup = await s.login(SUP.username, supPassword);
      const switched = await switchedIn();
      expect((await s.post('/api/user/logout', {}, switched)).code).toBe(200);
      expect((await s.post('/api/user/admin', {}, switched)).code).toBe(204);
      expect((await info(sup)).code).toBe(200);
    });

    it('holds in another server process on the same database once its read cache has expired', async () => {
      const peer = await s.peer();
      const token = await s.login('managed_one', 'Customer-pass-1');
      expect((await peer.post('/api/user/info', undefined, token)).code).toBe(200);
      expect((await s.post('/api/user/logout', {}, token)).code).toBe(200);
      // The peer's read cache may keep the session for READ_CACHE_MS; then it is gone there too.
      s.clock.advance(s.settings.readCacheMs + 1);
      try {
        expect((await peer.post('/api/user/info', undefined, token)).code).toBe(204);
      } finally {
        s.clock.reset();
      }
    });
  });
});
