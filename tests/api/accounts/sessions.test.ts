/** Sessions: the 203/204/205 answers, expiry, sliding, rotation with its grace, hashed storage, login rate limit. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const DAY = 86_400_000;

describe.each(dbKinds)('sessions on %s', (kind) => {
  let s: TestServer;
  let supToken: string;
  let customerId: number;
  const password = 'session-pass-1';

  beforeAll(async () => {
    s = await startServer(kind);
    supToken = await s.login(SUP.username, SUP.password);
    customerId = (await s.addCustomer(supToken, 'sess_user', password)).id;
  });
  afterAll(() => s?.close());
  afterEach(() => s.clock.reset());

  const info = (token?: string) => s.post('/api/user/info', undefined, token);
  const sessionRow = async (token: string) => {
    const { hashToken } = await import('../../../server/accounts/session-tokens.js');
    return s.database.db
      .selectFrom('sessions')
      .selectAll()
      .where((eb) => eb.or([eb('token_hash', '=', hashToken(token)), eb('prev_token_hash', '=', hashToken(token))]))
      .executeTakeFirstOrThrow();
  };

  it('answers 203 without a token, on every logged-in call', async () => {
    for (const r of [
      await info(),
      await s.get('/api/user/base'),
      await s.get('/api/notice/recent'),
      await s.get('/api/statistics/index'),
      await s.post('/api/finance/data', {}),
      await s.call('POST', '/api/user/info', { headers: { authorization: 'Token abc' } }),
      await s.call('POST', '/api/user/info', { headers: { authorization: 'Bearer' } }),
    ]) {
      expect(r.code).toBe(203);
      expect(r.status).toBe(200);
      expect(chinese(r.message)).toBe(true);
    }
  });

  it('answers 204 for a token it never issued', async () => {
    expect((await info('x'.repeat(43))).code).toBe(204);
    expect((await info('not-a-token')).code).toBe(204);
  });

  it('answers 204 once a session is past its 7 days', async () => {
    const token = await s.login('sess_user', password);
    const { expires_at } = await sessionRow(token);
    s.clock.freeze(expires_at - 1000);
    const unused = await s.login('sess_user', password); // a session made then, untouched until it runs out
    s.clock.freeze(expires_at + 1);
    expect((await info(token)).code).toBe(204);
    s.clock.advance(7 * 86_400_000);
    expect((await info(unused)).code).toBe(204);
  });

  it('slides the expiry on use, at most once a minute', async () => {
    // Rotation is pushed out of the way here so only the sliding is seen.
    const app = await s.sibling({ sessionRotateMs: 365 * DAY });
    const token = (await app.post('/api/user/login', { username: 'sess_user', password })).data.token as string;
    const start = (await sessionRow(token)).expires_at;

    s.clock.advance(30_000);
    expect((await app.post('/api/user/info', undefined, token)).code).toBe(200);
    expect((await sessionRow(token)).expires_at).toBe(start);

    s.clock.advance(6 * DAY);
    expect((await app.post('/api/user/info', undefined, token)).code).toBe(200);
    const slid = (await sessionRow(token)).expires_at;
    expect(slid).toBeGreaterThanOrEqual(s.clock.now() + 7 * DAY - 1000);

    s.clock.advance(6 * DAY); // 12 days after login: alive only because it slid
    expect((await app.post('/api/user/info', undefined, token)).code).toBe(200);
    s.clock.advance(7 * DAY + 1000);
    expect((await app.post('/api/user/info', undefined, token)).code).toBe(204);
  });

  it('rotates an old token: the new one comes in the Authorization header, the old one lasts 60 s', async () => {
    const old = await s.login('sess_user', password);
    const fresh = await info(old);
    expect(fresh.headers.get('authorization')).toBeNull();
    expect(fresh.headers.get('access-control-expose-headers')).toMatch(/\bAuthorization\b/i);

    s.clock.advance(s.settings.sessionRotateMs + 1000);
    const rotated = await info(old);
    expect(rotated.code).toBe(200);
    const header = rotated.headers.get('authorization');
    expect(header).toMatch(/^Bearer [A-Za-z0-9_-]{43}$/);
    const next = header!.slice('Bearer '.length);
    expect(next).not.toBe(old);
    expect(rotated.headers.get('access-control-expose-headers')).toMatch(/\bAuthorization\b/i);

    const withNew = await info(next);
    expect(withNew.code).toBe(200);
    expect(withNew.headers.get('authorization')).toBeNull();
    s.clock.advance(50_000);
    const withOld = await info(old);
    expect(withOld.code).toBe(200);
    expect(withOld.headers.get('authorization')).toBeNull();

    s.clock.advance(11_000);
    expect((await info(old)).code).toBe(204);
    expect((await info(next)).code).toBe(200);
  });

  it('sends the rotated token even when the call itself is refused', async () => {
    const old = await s.login('sess_user', password);
    s.clock.advance(s.settings.sessionRotateMs + 1000);
    const refused = await s.post('/api/user/info', { unexpected: true }, old);
    expect(refused.code).toBe(400);
    const next = refused.headers.get('authorization')?.slice('Bearer '.length);
    expect(next).toBeTruthy();
    expect((await info(next)).code).toBe(200);
  });

  it('rotates once when several calls arrive together', async () => {
    const old = await s.login('sess_user', password);
    s.clock.advance(s.settings.sessionRotateMs + 1000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => info(old)));
    expect(answers.map((a) => a.code)).toEqual(Array(6).fill(200));
    const headers = answers.map((a) => a.headers.get('authorization')).filter(Boolean);
    expect(headers).toHaveLength(1);
    expect((await info(headers[0]!.slice(7))).code).toBe(200);
  });

  it('stores tokens only as hashes', async () => {
    const token = await s.login('sess_user', password);
    s.clock.advance(s.settings.sessionRotateMs + 1000);
    const next = (await info(token)).headers.get('authorization')!.slice(7);
    const rows = await s.database.db.selectFrom('sessions').selectAll().execute();
    expect(rows.length).toBeGreaterThan(1);
    const cells = rows.flatMap((r) => Object.values(r).map(String));
    for (const raw of [token, next, supToken]) {
      expect(cells.some((c) => c.includes(raw))).toBe(false);
    }
    const row = await sessionRow(next);
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.prev_token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers 205 when the session was revoked or the account disabled', async () => {
    const a = await s.login('sess_user', password);
    const b = await s.login('sess_user', password);
    // Disabling through user/edit ends every session of the user.
    expect((await s.post('/api/user/edit', { id: customerId, status: 'disabled' }, supToken)).code).toBe(200);
    expect((await info(a)).code).toBe(205);
    expect((await info(b)).code).toBe(205);
    expect((await s.post('/api/user/login', { username: 'sess_user', password })).code).toBe(205);
    expect((await s.post('/api/user/edit', { id: customerId, status: 'active' }, supToken)).code).toBe(200);
    // Revoked sessions stay ended after re-enabling; a new login works.
    expect((await info(a)).code).toBe(205);
    const c = await s.login('sess_user', password);
    expect((await info(c)).code).toBe(200);
    // A disabled status alone (a session that was not revoked) is refused too.
    await s.database.db.updateTable('users').set({ status: 'disabled' }).where('id', '=', customerId).execute();
    try {
      expect((await info(c)).code).toBe(205);
    } finally {
      await s.database.db.updateTable('users').set({ status: 'active' }).where('id', '=', customerId).execute();
    }
    expect((await info(c)).code).toBe(200);
  });

  it('limits logins per address: the 4th within a minute answers 429', async () => {
    const limited = await s.sibling({ authRatePerMinute: 3 });
    // A fresh window, later than any the other tests opened with their moved clocks.
    s.clock.advance(100 * DAY);
    const attempt = () => limited.post('/api/user/login', { username: 'sess_user', password });
    for (let i = 0; i < 3; i++) expect((await attempt()).code).toBe(200);
    const before = await s.counts();
    const fourth = await attempt();
    expect(fourth.code).toBe(429);
    expect(chinese(fourth.message)).toBe(true);
    expect(fourth.data).toBeNull();
    // Even a wrong password is not checked once the limit is reached, and no session is made.
    expect((await limited.post('/api/user/login', { username: 'sess_user', password: 'guess-guess' })).code).toBe(429);
    expect((await s.counts()).sessions).toBe(before.sessions);
    s.clock.advance(61_000);
    expect((await attempt()).code).toBe(200);
  });
});
