/**
 * Passwords being chosen may not be blanks only, and every length limit counts characters (code
 * points), not UTF-16 units: four emoji are four characters, too short for a password of 8.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const blanks = [
  ['8 spaces', ' '.repeat(8)],
  ['8 tabs', '\t'.repeat(8)],
  ['spaces, tabs and newlines', ' \t \n \t \r\n '],
  ['ideographic spaces', '\u3000'.repeat(8)],
  ['no-break spaces', '\u00a0'.repeat(10)],
] as const;
const emoji = (n: number) => '😀'.repeat(n);

describe.each(dbKinds)('passwords on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let customer: { id: number; token: string };
  let current = 'Customer-pass-1';

  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
    customer = await s.addCustomer(sup, 'pw_user', current);
  });
  afterAll(() => s?.close());

  /** Every way to choose a password, each answering the envelope. */
  const choose = {
    register: (password: string) => s.post('/api/user/register', { username: 'pw_new', password }),
    add: (password: string) => s.post('/api/user/add', { username: 'pw_added', password }, sup),
    edit: (password: string) => s.post('/api/user/edit', { id: customer.id, password }, sup),
    change: (password: string) => s.post('/api/user/password', { old_password: current, password }, customer.token),
  };

  describe.each(Object.keys(choose) as (keyof typeof choose)[])('through %s', (way) => {
    it.each(blanks)('refuses %s with 400 naming the password, writing nothing', async (_what, password) => {
      const before = await s.snapshot();
      const r = await choose[way](password);
      expect(r.code).toBe(400);
      expect(r.message).toMatch(/密码不能全为空白字符/);
      expect(chinese(r.message)).toBe(true);
      expect(r.data.errors.password).toBe(r.message);
      expect(await s.snapshot()).toBe(before);
    });

    it('refuses 4 emoji (8 UTF-16 units, 4 characters) and 129 emoji as the wrong length', async () => {
      for (const password of [emoji(4), emoji(7), emoji(129)]) {
        const before = await s.snapshot();
        const r = await choose[way](password);
        expect(r.code).toBe(400);
        expect(r.data.errors.password).toMatch(/密码(长度应为 8-128|最多 128) 个字符/);
        expect(await s.snapshot()).toBe(before);
      }
    });
  });

  it('accepts 8 and 128 emoji, and spaces around or inside a password, keeping them', async () => {
    for (const password of [emoji(8), emoji(128), '  pass word  ', '\tTabbed-pass\t']) {
      const r = await choose.change(password);
      expect(r.code, r.message).toBe(200);
      current = password;
      customer.token = await s.login('pw_user', password);
    }
    // Exactly as typed: without its spaces it is another password.
    expect((await s.post('/api/user/login', { username: 'pw_user', password: 'Tabbed-pass' })).code).toBe(400);
    const registered = await choose.register(`${emoji(6)}ab`);
    expect(registered.code, registered.message).toBe(200);
    expect((await s.post('/api/user/login', { username: 'pw_new', password: `${emoji(6)}ab` })).code).toBe(200);
  });

  it('lets an old blank password still be typed at login and as the old password (only new ones are refused)', async () => {
    // As an account made before this rule would hold it.
    const { hashPassword } = await import('../../../server/accounts/password.js');
    await s.database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(' '.repeat(8)) })
      .where('id', '=', customer.id)
      .execute();
    const token = await s.login('pw_user', ' '.repeat(8));
    const r = await s.post('/api/user/password', { old_password: ' '.repeat(8), password: 'Not-blank-any-more' }, token);
    expect(r.code, r.message).toBe(200);
  });

  it('counts characters for every text field: a title of 100 emoji fits, 101 do not', async () => {
    const ok = await s.post('/api/notice/add', { title: emoji(100), content: '<p>x</p>' }, sup);
    expect(ok.code, ok.message).toBe(200);
    expect(ok.data.title).toBe(emoji(100));
    const tooLong = await s.post('/api/notice/add', { title: emoji(101), content: '<p>x</p>' }, sup);
    expect(tooLong.code).toBe(400);
    expect(tooLong.data.errors.title).toBe('标题最多 100 个字符');
  });
});
