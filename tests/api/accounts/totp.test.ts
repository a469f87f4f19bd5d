/**
 * Two-step login (TOTP, RFC 6238) end to end over HTTP: setting it up with a code the test computes as
 * a phone would, logging in with and without a code, a code good once, one step of clock drift, the
 * recovery codes, wrong codes in the login guessing limit, turning it off, and the operator's
 * reset-password --clear-totp. Each account's own login history.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { codeAt } from '../../helpers/totp-code.js';
import { resetPassword } from '../../../server/accounts/reset-password.js';

const DAY = 86_400_000;
const STEP = 30_000;
const PASSWORD = 'Customer-pass-1';

describe.each(dbKinds)('two-step login on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let start: number;

  beforeAll(async () => {
    s = await startServer(kind);
    start = s.clock.now();
    sup = await s.login(SUP.username, SUP.password);
  });
  afterAll(() => s?.close());
  afterEach(() => s.clock.reset());

  /**
   * Each test in a day of its own (login windows of another test long closed), at the start of a
   * step; the sup logs in again (a day-old session token is rotated on its next use).
   */
  let day = 0;
  const freshDay = async () => {
    const t = Math.floor((start + ++day * DAY) / STEP) * STEP + 1_000;
    s.clock.freeze(t);
    sup = await s.login(SUP.username, SUP.password);
    return t;
  };
  /** A six-digit code valid in none of the steps a login at `t` accepts (nor the next one). */
  const wrongCode = (secret: string, t: number) => {
    const valid = new Set([-1, 0, 1, 2].map((k) => codeAt(secret, t + k * STEP)));
    let n = 0;
    while (valid.has(String(n).padStart(6, '0'))) n += 111_111;
    return String(n).padStart(6, '0');
  };
  const login = (username: string, password: string, totp?: string) =>
    s.post('/api/user/login', totp === undefined ? { username, password } : { username, password, totp });

  /** A customer with TOTP on: its secret and recovery codes. */
  async function withTotp(username: string) {
    const { token } = await s.addCustomer(sup, username, PASSWORD);
    const setup = await s.post('/api/user/totp/setup', {}, token);
    expect(setup.code, setup.message).toBe(200);
    const secret = setup.data.secret as string;
    const enabled = await s.post('/api/user/totp/enable', { code: codeAt(secret, s.clock.now()) }, token);
    expect(enabled.code, enabled.message).toBe(200);
    return { token, secret, recovery: enabled.data.recovery_codes as string[] };
  }

  it('sets up with a QR address and a code from the phone, then answers ten recovery codes once', async () => {
    const now = await freshDay();
    const { token } = await s.addCustomer(sup, 'totp_setup', PASSWORD);
    expect((await s.get('/api/user/totp/info', token)).data).toMatchObject({ enabled: false, recovery_left: 0, setup_required: false });

    const setup = await s.post('/api/user/totp/setup', {}, token);
    expect(setup.code).toBe(200);
    const { secret, otpauth_url } = setup.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toMatch(/:totp_setup$/);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('digits')).toBe('6');
    expect(url.searchParams.get('period')).toBe('30');
    expect(url.searchParams.get('algorithm')).toBe('SHA1');

    // The secret is stored sealed, not as shown.
    const row = await s.database.db.selectFrom('user_totp').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);

    // A wrong code does not turn it on; nothing changes until the right one.
    const wrong = await s.post('/api/user/totp/enable', { code: codeAt(secret, now + 5 * STEP) }, token);
    expect(wrong.code).toBe(400);
    expect(chinese(wrong.message)).toBe(true);
    expect((await s.get('/api/user/totp/info', token)).data.enabled).toBe(false);
    expect((await login('totp_setup', PASSWORD)).code).toBe(200);

    const enabled = await s.post('/api/user/totp/enable', { code: codeAt(secret, now) }, token);
    expect(enabled.code, enabled.message).toBe(200);
    const codes = enabled.data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const stored = await s.database.db.selectFrom('totp_recovery_codes').select('code_hash').execute();
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
    expect((await s.get('/api/user/totp/info', token)).data).toMatchObject({ enabled: true, recovery_left: 10 });

    // Set up already: a second setup is refused, and the codes are not answered again.
    expect((await s.post('/api/user/totp/setup', {}, token)).code).toBe(409);
    expect((await s.post('/api/user/totp/enable', { code: codeAt(secret, now + STEP) }, token)).code).toBe(409);
  });

  it('the password alone asks for the code; a wrong code is refused; the current code logs in once', async () => {
    const now = await freshDay();
    const { secret } = await withTotp('totp_login');
    s.clock.advance(STEP); // the step used to enable is spent

    const alone = await login('totp_login', PASSWORD);
    expect(alone.code).toBe(400);
    expect(alone.data.totp_required).toBe(true);
    expect(alone.data.token).toBeUndefined();
    expect(alone.message).toBe('请输入两步验证码');

    const wrongPassword = await login('totp_login', 'Wrong-pass-1', codeAt(secret, now + STEP));
    expect(wrongPassword.code).toBe(400);
    expect(wrongPassword.message).toBe('用户名或密码错误');
    expect(wrongPassword.data?.totp_required).toBeUndefined();

    const wrong = await login('totp_login', PASSWORD, wrongCode(secret, now + STEP));
    expect(wrong.code).toBe(400);
    expect(wrong.data.totp_required).toBe(true);
    expect(wrong.message).toBe('两步验证码错误或已使用');

    const code = codeAt(secret, now + STEP);
    const good = await login('totp_login', PASSWORD, code);
    expect(good.code, good.message).toBe(200);
    expect((await s.get('/api/user/base', good.data.token)).code).toBe(200);
    // Spaces as some apps show it ("123 456") are fine; but the same code again is not.
    const replay = await login('totp_login', PASSWORD, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(replay.code).toBe(400);
    expect(replay.data.totp_required).toBe(true);
    expect(replay.data.token).toBeUndefined();

    // The next step's code works.
    s.clock.advance(STEP);
    expect((await login('totp_login', PASSWORD, codeAt(secret, s.clock.now()))).code).toBe(200);
  });

  it('two logins racing with one code: exactly one gets in', async () => {
    const now = await freshDay();
    const { secret } = await withTotp('totp_race');
    s.clock.advance(STEP);
    const code = codeAt(secret, now + STEP);
    const answers = await Promise.all(Array.from({ length: 6 }, () => login('totp_race', PASSWORD, code)));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
  });

  it('the code that turned it on is spent: replayed at login, refused', async () => {
    const now = await freshDay();
    const { secret } = await withTotp('totp_enable_replay');
    const replay = await login('totp_enable_replay', PASSWORD, codeAt(secret, now));
    expect(replay.code).toBe(400);
    expect(replay.data.totp_required).toBe(true);
    expect(replay.data.token).toBeUndefined();
  });

  it('one recovery code raced by two logins: exactly one gets in', async () => {
    await freshDay();
    const { recovery, token } = await withTotp('totp_recovery_race');
    const answers = await Promise.all(Array.from({ length: 4 }, () => login('totp_recovery_race', PASSWORD, recovery[3])));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect((await s.get('/api/user/totp/info', token)).data.recovery_left).toBe(9);
  });

  it('30 wrong codes in a day close the second step for the day, whatever the login windows say', async () => {
    await freshDay();
    const { secret } = await withTotp('totp_daily_cap');
    for (let round = 0; round < 3; round++) {
      s.clock.advance(16 * 60_000); // a fresh login window each round
      for (let i = 0; i < 10; i++) expect((await login('totp_daily_cap', PASSWORD, wrongCode(secret, s.clock.now()))).code).toBe(400);
    }
    s.clock.advance(16 * 60_000);
    const closed = await login('totp_daily_cap', PASSWORD, codeAt(secret, s.clock.now()));
    expect(closed.code).toBe(429);
    expect(closed.message).toMatch(/^两步验证码错误次数过多，请 \d+ 小时后再试$/);
    s.clock.advance(24 * 3600_000);
    expect((await login('totp_daily_cap', PASSWORD, codeAt(secret, s.clock.now()))).code).toBe(200);
  });

  it("turning it on or off ends the account's other sessions, not the one that did it; the app label has no port", async () => {
    const now = await freshDay();
    const { token } = await s.addCustomer(sup, 'totp_sessions', PASSWORD);
    const elsewhere = await s.login('totp_sessions', PASSWORD);
    const setup = await s.post('/api/user/totp/setup', {}, token);
    expect(setup.data.otpauth_url).toMatch(/^otpauth:\/\/totp\/127\.0\.0\.1%3Atotp_sessions\?/);
    expect(new URL(setup.data.otpauth_url).searchParams.get('issuer')).toBe('127.0.0.1');
    const secret = setup.data.secret as string;
    expect((await s.post('/api/user/totp/enable', { code: codeAt(secret, now) }, token)).code).toBe(200);
    expect((await s.get('/api/user/base', elsewhere)).code).not.toBe(200);
    expect((await s.get('/api/user/base', token)).code).toBe(200);

    s.clock.advance(STEP);
    const again = (await login('totp_sessions', PASSWORD, codeAt(secret, s.clock.now()))).data.token as string;
    s.clock.advance(STEP);
    expect((await s.post('/api/user/totp/disable', { code: codeAt(secret, s.clock.now()) }, token)).code).toBe(200);
    expect((await s.get('/api/user/base', again)).code).not.toBe(200);
    expect((await s.get('/api/user/base', token)).code).toBe(200);
  });

  it('tolerates a phone one step off either way, not two', async () => {
    const now = await freshDay();
    const { secret } = await withTotp('totp_drift');
    s.clock.advance(4 * STEP);
    const t = now + 4 * STEP;
    expect((await login('totp_drift', PASSWORD, codeAt(secret, t - 2 * STEP))).code).toBe(400);
    expect((await login('totp_drift', PASSWORD, codeAt(secret, t + 2 * STEP))).code).toBe(400);
    // The phone a step behind.
    expect((await login('totp_drift', PASSWORD, codeAt(secret, t - STEP))).code).toBe(200);
    // Later, the phone a step ahead.
    s.clock.advance(3 * STEP);
    const later = t + 3 * STEP;
    expect((await login('totp_drift', PASSWORD, codeAt(secret, later + 2 * STEP))).code).toBe(400);
    expect((await login('totp_drift', PASSWORD, codeAt(secret, later + STEP))).code).toBe(200);
    // A code older than the one last accepted, though within the drift, is spent.
    expect((await login('totp_drift', PASSWORD, codeAt(secret, later))).code).toBe(400);
  });

  it('each recovery code logs in once, however it is typed', async () => {
    await freshDay();
    const { token, recovery } = await withTotp('totp_recovery');
    const first = await login('totp_recovery', PASSWORD, recovery[0].toUpperCase().replace('-', ' '));
    expect(first.code, first.message).toBe(200);
    const again = await login('totp_recovery', PASSWORD, recovery[0]);
    expect(again.code).toBe(400);
    expect(again.data.totp_required).toBe(true);
    expect((await login('totp_recovery', PASSWORD, recovery[1])).code).toBe(200);
    expect((await s.get('/api/user/totp/info', token)).data.recovery_left).toBe(8);
    expect((await login('totp_recovery', PASSWORD, 'aaaaa-bbbbb')).code).toBe(400);
  });

  it('wrong codes count toward the login guessing limit: 10 and the account is closed, the right code too', async () => {
    const now = await freshDay();
    const { secret } = await withTotp('totp_guess');
    s.clock.advance(STEP);
    const right = codeAt(secret, now + STEP);
    const wrongCodes = Array.from({ length: 10 }, (_, i) => String((Number(right) + 1 + i * 7919) % 1_000_000).padStart(6, '0'));
    const answers = [];
    for (const c of wrongCodes) answers.push(await login('totp_guess', PASSWORD, c));
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill(400));
    const closed = await login('totp_guess', PASSWORD, right);
    expect(closed.code).toBe(429);
    expect(closed.message).toMatch(/^登录失败次数过多，请 \d+ 分钟后再试$/);
    // Once the window is over, the code of that time works.
    s.clock.advance(16 * 60_000);
    expect((await login('totp_guess', PASSWORD, codeAt(secret, s.clock.now()))).code).toBe(200);
  });

  it('turning it off needs a code; afterwards the password alone logs in', async () => {
    const now = await freshDay();
    const { token, secret } = await withTotp('totp_off');
    s.clock.advance(STEP);
    const bad = await s.post('/api/user/totp/disable', { code: '12345' }, token);
    expect(bad.code).toBe(400);
    expect((await s.post('/api/user/totp/disable', {}, token)).code).toBe(400);
    expect((await login('totp_off', PASSWORD)).data.totp_required).toBe(true);

    const off = await s.post('/api/user/totp/disable', { code: codeAt(secret, now + STEP) }, token);
    expect(off.code, off.message).toBe(200);
    expect(
      await s.database.db
        .selectFrom('totp_recovery_codes')
        .selectAll()
        .where('user_id', '=', (await s.get('/api/user/base', token)).data.id)
        .execute(),
    ).toEqual([]);
    const plain = await login('totp_off', PASSWORD);
    expect(plain.code).toBe(200);
    expect((await s.post('/api/user/totp/disable', { code: '123456' }, token)).code).toBe(409);
  });

  it('wrong codes while enabling or turning off are limited per account', async () => {
    await freshDay();
    const { token } = await s.addCustomer(sup, 'totp_enable_guess', PASSWORD);
    await s.post('/api/user/totp/setup', {}, token);
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await s.post('/api/user/totp/enable', { code: `00000${i}` }, token)).code);
    expect(codes.slice(0, 5).every((c) => c === 400)).toBe(true);
    expect(codes[5]).toBe(429);
  });

  it("a sup switched into a customer cannot change the customer's second step", async () => {
    await freshDay();
    const customer = await s.addCustomer(sup, 'totp_switched', PASSWORD);
    const switched = await s.post('/api/user/manager', { id: customer.id }, sup);
    expect(switched.code).toBe(200);
    const r = await s.post('/api/user/totp/setup', {}, switched.data.token);
    expect(r.code).toBe(403);
    expect(chinese(r.message)).toBe(true);
  });

  it('reset-password --clear-totp turns it off for an owner who lost the phone', async () => {
    await freshDay();
    await withTotp('totp_lost');
    const kept = await resetPassword(s.database.db, 'totp_lost', s.settings.dataDir, s.clock.now());
    expect(kept!.totpCleared).toBe(false);
    expect((await login('totp_lost', kept!.password)).data.totp_required).toBe(true);

    const reset = await resetPassword(s.database.db, 'totp_lost', s.settings.dataDir, s.clock.now(), { clearTotp: true });
    expect(reset!.totpCleared).toBe(true);
    const r = await login('totp_lost', reset!.password);
    expect(r.code, r.message).toBe(200);
  });

  it('each account sees its own login attempts: time, address, success', async () => {
    await freshDay();
    const { token, secret } = await withTotp('history_a');
    const other = await s.addCustomer(sup, 'history_b', PASSWORD);
    await login('history_a', 'Wrong-pass-1');
    await login('history_a', PASSWORD); // asks for the code: not an attempt of its own
    await login('history_a', PASSWORD, wrongCode(secret, s.clock.now()));
    s.clock.advance(STEP);
    expect((await login('history_a', PASSWORD, codeAt(secret, s.clock.now()))).code).toBe(200);

    const mine = await s.get('/api/user/logins', token);
    expect(mine.code).toBe(200);
    const list = mine.data.list as { create_at: string; ip: string; success: boolean; reason: string | null }[];
    // Newest first: the success, the wrong code, the wrong password, and the login addCustomer made.
    expect(list.map((r) => [r.success, r.reason])).toEqual([
      [true, null],
      [false, '两步验证码错误'],
      [false, '密码错误'],
      [true, null],
    ]);
    expect(list[0].ip).toBe('127.0.0.1');
    expect(list[0].create_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const theirs = (await s.get('/api/user/logins', other.token)).data.list;
    expect(theirs).toHaveLength(1);
    // An unknown name leaves no row anywhere.
    const before = await s.database.db.selectFrom('login_history').selectAll().execute();
    await login('nobody_at_all', 'Wrong-pass-1');
    expect(await s.database.db.selectFrom('login_history').selectAll().execute()).toHaveLength(before.length);
  });
});
