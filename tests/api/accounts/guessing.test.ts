/**
 * Password guessing limited per account, not only per address: failed logins per username (from any
 * number of addresses) and wrong old passwords per user. The owner is not locked out for long: from
 * the address they last logged in from, the right password still works, and every refusal states
 * its wait.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const password = 'Victim-pass-1';
const USUAL = '198.51.100.10';

describe.each(dbKinds)('guessing limits on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let start: number;

  beforeAll(async () => {
    s = await startServer(kind, { settings: { trustProxy: 1 } });
    start = s.clock.now();
    sup = await s.login(SUP.username, SUP.password);
  });
  afterAll(() => s?.close());
  afterEach(() => s.clock.reset());

  /** Each test in a day of its own: windows opened by another test are long closed. */
  let day = 0;
  const freshDay = () => s.clock.freeze(start + ++day * DAY);

  /** A login arriving through the proxy from `ip`. */
  const loginFrom = (ip: string, username: string, pass: string) =>
    s.call('POST', '/api/user/login', { body: { username, password: pass }, headers: { 'x-forwarded-for': ip } });
  /** A customer who last logged in from USUAL. */
  const victim = async (username: string) => {
    await s.addCustomer(sup, username, password);
    expect((await loginFrom(USUAL, username, password)).code).toBe(200);
  };

  it('closes a username after 10 failures from 200 addresses, whatever the address, and says for how long', async () => {
    await victim('victim_a');
    freshDay();
    const answers = [];
    for (let i = 0; i < 200; i++) answers.push(await loginFrom(`10.8.${i}.1`, 'victim_a', `guess-${i}-pass`));
    expect(answers.slice(0, 10).map((a) => a.code)).toEqual(Array(10).fill(400));
    expect(answers.slice(10).map((a) => a.code)).toEqual(Array(190).fill(429));
    expect(answers[10].message).toBe('登录失败次数过多，请 15 分钟后再试');
    expect(answers[10].data).toBeNull();

    // The right password from a new address waits too, and is told how long.
    s.clock.advance(4 * MINUTE + 30_000);
    const waiting = await loginFrom('203.0.113.50', 'victim_a', password);
    expect(waiting.code).toBe(429);
    expect(waiting.message).toBe('登录失败次数过多，请 11 分钟后再试');
    expect(waiting.data).toBeNull();

    // From the address the owner last logged in from, the right password works at once.
    const owner = await loginFrom(USUAL, 'victim_a', password);
    expect(owner.code).toBe(200);
    expect(owner.data.token).toBeTruthy();

    // Once the window is over, from anywhere.
    s.clock.advance(11 * MINUTE);
    expect((await loginFrom('203.0.113.51', 'victim_a', password)).code).toBe(200);
  });

  it('counts the username regardless of its case', async () => {
    await victim('victim_b');
    freshDay();
    const names = ['victim_b', 'VICTIM_B', 'Victim_B', 'vIcTiM_b'];
    for (let i = 0; i < 10; i++) expect((await loginFrom(`10.7.${i}.1`, names[i % 4], 'wrong-pass-1')).code).toBe(400);
    expect((await loginFrom('10.7.99.1', 'victim_b', 'wrong-pass-1')).code).toBe(429);
    expect((await loginFrom('10.7.99.2', 'VICTIM_B', 'wrong-pass-1')).code).toBe(429);
  });

  it('answers a name that does not exist exactly as one that does: no way to tell which names exist', async () => {
    await victim('victim_c');
    freshDay();
    const seen = async (username: string) => {
      const out: string[] = [];
      for (let i = 0; i < 12; i++) {
        const r = await loginFrom(`10.6.${i}.1`, username, 'wrong-pass-1');
        out.push(`${r.code} ${r.message}`);
      }
      return out;
    };
    expect(await seen('no_such_user')).toEqual(await seen('victim_c'));
  });

  it("limits guesses from the owner's usual address as well, on a count of their own", async () => {
    await victim('victim_d');
    freshDay();
    for (let i = 0; i < 10; i++) expect((await loginFrom(USUAL, 'victim_d', 'wrong-pass-1')).code).toBe(400);
    const closed = await loginFrom(USUAL, 'victim_d', password);
    expect(closed.code).toBe(429);
    expect(closed.message).toBe('登录失败次数过多，请 15 分钟后再试');
    // Guessing at home did not close the name elsewhere.
    expect((await loginFrom('203.0.113.60', 'victim_d', password)).code).toBe(200);
  });

  it('forgets the failures once the owner gets the password right', async () => {
    await victim('victim_e');
    freshDay();
    for (let i = 0; i < 9; i++) expect((await loginFrom(`10.5.${i}.1`, 'victim_e', 'wrong-pass-1')).code).toBe(400);
    expect((await loginFrom('10.5.50.1', 'victim_e', password)).code).toBe(200);
    for (let i = 0; i < 10; i++) expect((await loginFrom(`10.5.${i}.2`, 'victim_e', 'wrong-pass-1')).code).toBe(400);
    expect((await loginFrom('10.5.99.1', 'victim_e', 'wrong-pass-1')).code).toBe(429);
  });

  it('lets exactly 10 of 30 simultaneous wrong guesses be checked', async () => {
    await victim('victim_f');
    freshDay();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => loginFrom(`10.4.${i}.1`, 'victim_f', 'wrong-pass-1')));
    const codes = answers.map((a) => a.code).sort();
    expect(codes).toEqual([...Array(10).fill(400), ...Array(20).fill(429)]);
  });

  describe('wrong old passwords on user/password', () => {
    it('answers 429 after 5 per user, states the wait, and leaves the password as it was', async () => {
      freshDay();
      sup = await s.login(SUP.username, SUP.password);
      const { token } = await s.addCustomer(sup, 'changer_a', password);
      const other = await s.addCustomer(sup, 'changer_b', password);
      const change = (old: string, token_: string = token) =>
        s.post('/api/user/password', { old_password: old, password: 'Brand-new-pass-1' }, token_);
      for (let i = 0; i < 5; i++) expect((await change(`wrong-old-${i}`)).code).toBe(400);
      const answers = [];
      for (let i = 0; i < 95; i++) answers.push(await change(`wrong-old-x${i}`));
      expect(answers.map((a) => a.code)).toEqual(Array(95).fill(429));
      expect(answers[0].message).toBe('原密码错误次数过多，请 15 分钟后再试');
      // Not even the right old password is checked now; the password is unchanged.
      s.clock.advance(10 * MINUTE);
      const right = await change(password);
      expect(right.code).toBe(429);
      expect(right.message).toBe('原密码错误次数过多，请 5 分钟后再试');
      expect((await loginFrom('203.0.113.70', 'changer_a', password)).code).toBe(200);
      // Another user is not affected, and after the wait the owner can change it.
      expect((await change(password, other.token)).code).toBe(200);
      s.clock.advance(5 * MINUTE);
      expect((await change(password)).code).toBe(200);
      expect((await loginFrom('203.0.113.70', 'changer_a', 'Brand-new-pass-1')).code).toBe(200);
    });
  });
});
