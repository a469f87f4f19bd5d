/**
 * Usernames are unique regardless of case, on SQLite and PostgreSQL: `Admin` cannot be registered
 * beside `admin`, the database itself refuses it, login finds the account however the name is typed,
 * and a database that already holds such clashes is reported by migration 003, not merged.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../server/schema/migrate.js';
import { chinese, dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

describe.each(dbKinds)('usernames regardless of case on %s', (kind) => {
  let s: TestServer;
  let sup: string;

  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
    await s.addCustomer(sup, 'alice', 'Alice-pass-1');
  });
  afterAll(() => s?.close());

  it.each(['Alice', 'ALICE', 'aLiCe', 'Admin', 'ADMIN'])(
    'refuses to register %s beside an existing name: 409, nothing written',
    async (username) => {
      const before = await s.snapshot();
      const r = await s.post('/api/user/register', { username, password: 'password-1' });
      expect(r.code).toBe(409);
      expect(r.message).toBe('用户名已存在');
      expect(await s.snapshot()).toBe(before);
    },
  );

  it("refuses the sup's user/add of a name that differs only in case", async () => {
    const before = await s.snapshot();
    const r = await s.post('/api/user/add', { username: 'ALICE', password: 'password-1' }, sup);
    expect(r.code).toBe(400);
    expect(r.data.errors.username).toBe('用户名已存在');
    expect(await s.snapshot()).toBe(before);
  });

  it('is enforced by the database itself, whatever writes to it', async () => {
    const now = Date.now();
    const row = {
      password_hash: 'x',
      type: 'user' as const,
      status: 'active' as const,
      email: null,
      tg: null,
      group_id: null,
      create_at: now,
      update_at: now,
      login_at: null,
      login_ip: null,
    };
    await expect(
      s.database.db
        .insertInto('users')
        .values({ ...row, username: 'ALICE' })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    await expect(
      s.database.db
        .insertInto('users')
        .values({ ...row, username: 'aDmIn' })
        .execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it('still takes names that differ in more than case', async () => {
    expect((await s.post('/api/user/register', { username: 'Alice_2', password: 'password-1' })).code).toBe(200);
  });

  it('logs in however the name is typed, to the account as it was registered', async () => {
    for (const username of ['alice', 'ALICE', 'Alice']) {
      const r = await s.post('/api/user/login', { username, password: 'Alice-pass-1' });
      expect(r.code, username).toBe(200);
      expect(r.data.user.username).toBe('alice');
    }
    const wrong = await s.post('/api/user/login', { username: 'ALICE', password: 'Wrong-pass-1' });
    expect(wrong.code).toBe(400);
    expect(chinese(wrong.message)).toBe(true);
  });

  describe('migration 003 on a database that already has clashes', () => {
    const users = () => s.database.db.selectFrom('users').select(['id', 'username']).orderBy('id').execute();

    it('refuses, naming every clash and what to do, and changes no account; once renamed it applies', async () => {
      // The database as it was before 003: no index, names added that clash.
      await sql`DROP INDEX users_username_lower`.execute(s.database.db);
      await s.database.db
        .deleteFrom('kysely_migration' as never)
        .where('name' as never, '=', '003_username_case' as never)
        .execute();
      const now = Date.now();
      const row = {
        password_hash: 'x',
        type: 'user' as const,
        status: 'active' as const,
        email: null,
        tg: null,
        group_id: null,
        create_at: now,
        update_at: now,
        login_at: null,
        login_ip: null,
      };
      const added: Record<string, number> = {};
      for (const username of ['Admin', 'ALICE', 'AlIcE']) {
        added[username] = Number(
          (
            await s.database.db
              .insertInto('users')
              .values({ ...row, username })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      }
      const ids = Object.fromEntries((await users()).map((u) => [u.username, u.id]));
      const before = await users();

      const error = await migrate(s.database.db, s.database.dialect).then(
        () => null,
        (e: Error) => e,
      );
      expect(error).toBeInstanceOf(Error);
      const text = error!.message;
      expect(text).toContain('003_username_case');
      expect(text).toContain(`admin (id ${ids.admin}) / Admin (id ${added.Admin})`);
      expect(text).toContain(`alice (id ${ids.alice}) / ALICE (id ${added.ALICE}) / AlIcE (id ${added.AlIcE})`);
      expect(text).not.toContain('Alice_2'); // it clashes with nobody
      expect(text).toMatch(/UPDATE users SET username = '\w+' WHERE id = \d+;/);
      expect(text).toContain('没有账号被改动');
      expect(await users()).toEqual(before);

      // Still refused on the next start while any clash is left.
      await s.database.db.updateTable('users').set({ username: 'Admin_2' }).where('id', '=', added.Admin).execute();
      const again = await migrate(s.database.db, s.database.dialect).then(
        () => null,
        (e: Error) => e,
      );
      expect(again?.message).toContain('ALICE');
      expect(again?.message).not.toContain('Admin (id');

      await s.database.db.updateTable('users').set({ username: 'alice_upper' }).where('id', '=', added.ALICE).execute();
      await s.database.db.updateTable('users').set({ username: 'alice_mixed' }).where('id', '=', added.AlIcE).execute();
      await migrate(s.database.db, s.database.dialect);
      await expect(
        s.database.db
          .insertInto('users')
          .values({ ...row, username: 'ALICE_UPPER' })
          .execute(),
      ).rejects.toThrow(/unique|duplicate/i);
      expect((await s.post('/api/user/register', { username: 'ADMIN_2', password: 'password-1' })).code).toBe(409);
    });
  });
});
