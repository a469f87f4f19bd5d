/** Staff roles: the first sup is owner; only an owner manages staff; the last owner stays; a role change ends sessions. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, Migrator, type Migration } from 'kysely';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';
import { migrations } from '../../../server/schema/migrate.js';
import { connect } from '../../../server/platform/db/connection.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

describe.each(dbKinds)('staff roles on %s', (kind) => {
  let s: TestServer;
  let owner: string;
  const add = (body: Record<string, unknown>, token = owner) => s.post('/api/user/add', { password: 'Staff-pass-1', ...body }, token);

  beforeAll(async () => {
    s = await startServer(kind);
    owner = await s.login(SUP.username, SUP.password);
  });
  afterAll(() => s?.close());

  it('the first sup is the owner; user/info says the role; a customer has none', async () => {
    expect((await s.post('/api/user/info', undefined, owner)).data).toMatchObject({ type: 'sup', role: 'owner' });
    const c = await s.addCustomer(owner, 'plain_c');
    const info = (await s.post('/api/user/info', undefined, c.token)).data;
    expect(info.role).toBeUndefined();
    expect((await s.get(`/api/user/detail?id=${c.id}`, owner)).data.role).toBeNull();
  });

  it('the owner creates staff with a role; a sup without one chosen is support, never an owner', async () => {
    const op = await add({ username: 'op_one', type: 'sup', role: 'operator' });
    expect(op.data).toMatchObject({ type: 'sup', role: 'operator' });
    const plain = await add({ username: 'sup_plain', type: 'sup' });
    expect(plain.data.role).toBe('support');
    // A customer made a sup without a role chosen: support too.
    const promoted = await add({ username: 'plain_customer' });
    const edited = await s.post('/api/user/edit', { id: promoted.data.id, type: 'sup' }, owner);
    expect(edited.code, edited.message).toBe(200);
    expect(edited.data.role).toBe('support');
    // A role given to a customer is not kept.
    const cust = await add({ username: 'cust_role', role: 'finance' });
    expect(cust.data).toMatchObject({ type: 'user', role: null });
    expect((await add({ username: 'bad_role', type: 'sup', role: 'king' })).code).toBe(400);
  });

  it('only an owner creates staff or changes roles', async () => {
    const fin = await add({ username: 'fin_one', type: 'sup', role: 'finance' });
    const finToken = await s.login('fin_one', 'Staff-pass-1');
    const before = await s.snapshot();
    expect((await add({ username: 'fin_made', type: 'sup', role: 'owner' }, finToken)).code).toBe(403);
    expect((await s.post('/api/user/edit', { id: fin.data.id, role: 'owner' }, finToken)).code).toBe(403);
    expect(await s.snapshot()).toBe(before);
  });

  it("a role change ends that person's sessions; the new role holds at the next login", async () => {
    const sup = await add({ username: 'changing', type: 'sup', role: 'operator' });
    const token = await s.login('changing', 'Staff-pass-1');
    expect((await s.post('/api/goods/data', {}, token)).code).toBe(200);
    expect((await s.post('/api/user/money', { id: sup.data.id, amount: 1, remark: 'x' }, token)).code).toBe(403);
    expect((await s.post('/api/user/edit', { id: sup.data.id, role: 'finance' }, owner)).code).toBe(200);
    expect((await s.post('/api/user/info', undefined, token)).code).toBe(205);
    const again = await s.login('changing', 'Staff-pass-1');
    expect((await s.post('/api/user/info', undefined, again)).data.role).toBe('finance');
    expect((await s.post('/api/stock/data', {}, again)).code).toBe(403);
    expect((await s.post('/api/finance/data', {}, again)).code).toBe(200);
    // Editing something else keeps the sessions.
    expect((await s.post('/api/user/edit', { id: sup.data.id, email: 'x@example.com' }, owner)).code).toBe(200);
    expect((await s.post('/api/user/info', undefined, again)).code).toBe(200);
  });

  it("a customer made sup: every session in that account ends, a sup's switched into it included", async () => {
    const c = await s.addCustomer(owner, 'to_promote');
    const care = await add({ username: 'care_promote', type: 'sup', role: 'support' });
    expect(care.code).toBe(200);
    const switched = await s.post('/api/user/manager', { id: c.id }, await s.login('care_promote', 'Staff-pass-1'));
    expect(switched.code, switched.message).toBe(200);
    const inside = switched.data.token as string;
    expect((await s.post('/api/user/edit', { id: c.id, type: 'sup', role: 'operator' }, owner)).code).toBe(200);
    for (const token of [inside, c.token]) expect((await s.post('/api/user/info', undefined, token)).code).toBe(205);
    const again = await s.login('to_promote', 'Customer-pass-1');
    expect((await s.post('/api/user/info', undefined, again)).data).toMatchObject({ type: 'sup', role: 'operator' });
  });

  it('an owner cannot change their own role, and the last owner cannot be demoted', async () => {
    const me = (await s.post('/api/user/info', undefined, owner)).data.id;
    expect((await s.post('/api/user/edit', { id: me, role: 'operator' }, owner)).code).toBe(403);
    // Every other owner becomes something else: the first sup is then the last owner.
    const owners = await s.database.db.selectFrom('users').select('id').where('role', '=', 'owner').where('id', '!=', me).execute();
    for (const o of owners) expect((await s.post('/api/user/edit', { id: Number(o.id), role: 'support' }, owner)).code).toBe(200);
    // A second owner may demote the first, but not when that leaves none.
    const second = await add({ username: 'owner_two', type: 'sup', role: 'owner' });
    const secondToken = await s.login('owner_two', 'Staff-pass-1');
    expect((await s.post('/api/user/edit', { id: me, role: 'finance' }, secondToken)).code).toBe(200);
    owner = await s.login(SUP.username, SUP.password);
    expect((await s.post('/api/user/edit', { id: second.data.id, status: 'disabled' }, secondToken)).code).toBe(403);
    const before = await s.snapshot();
    const r = await s.post('/api/user/edit', { id: second.data.id, role: 'operator' }, secondToken);
    expect(r.code).toBe(403);
    expect(await s.snapshot()).toBe(before);
    // Put the first sup back as owner (by the second owner), for the race below.
    expect((await s.post('/api/user/edit', { id: me, role: 'owner' }, secondToken)).code).toBe(200);
    owner = await s.login(SUP.username, SUP.password);
  });

  it('two owners demoting each other at once: one wins, an owner remains', async () => {
    const me = (await s.post('/api/user/info', undefined, owner)).data.id;
    const others = await s.database.db.selectFrom('users').select('id').where('role', '=', 'owner').where('id', '!=', me).execute();
    const other = Number(others[0].id);
    const otherToken = await s.login('owner_two', 'Staff-pass-1');
    const results = await Promise.all([
      s.post('/api/user/edit', { id: other, role: 'operator' }, owner),
      s.post('/api/user/edit', { id: me, role: 'operator' }, otherToken),
    ]);
    // The loser is refused by the last-owner rule (409), or, when the winner committed first, its session has ended (205).
    const codes = results.map((r) => r.code).sort();
    expect(codes[0]).toBe(200);
    expect([205, 409]).toContain(codes[1]);
    const left = await s.database.db
      .selectFrom('users')
      .select('id')
      .where('type', '=', 'sup')
      .where('role', '=', 'owner')
      .where('status', '=', 'active')
      .execute();
    expect(left).toHaveLength(1);
  });
});

describe('the migration makes every existing sup an owner', () => {
  it('on SQLite', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'roles-mig-'));
    const database = await connect({ dataDir: dir, readCacheMs: 0 });
    try {
      const all = migrations('sqlite');
      const names = Object.keys(all);
      const upTo = names.indexOf('018_staff_audit');
      const provider = (list: string[]) => ({
        getMigrations: async () => Object.fromEntries(list.map((n) => [n, all[n]])) as Record<string, Migration>,
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the Migrator's Kysely<any>, and the users table as an older migration left it
      const db = database.db as unknown as Kysely<any>;
      await new Migrator({ db, provider: provider(names.slice(0, upTo)) }).migrateToLatest();
      const base = {
        password_hash: 'x',
        status: 'active',
        balance: 0,
        email: null,
        tg: null,
        group_id: null,
        create_at: 1,
        update_at: 1,
        login_at: null,
        login_count: 0,
        login_ip: null,
      };
      await db
        .insertInto('users')
        .values([
          { ...base, username: 'old_sup', type: 'sup' },
          { ...base, username: 'old_user', type: 'user' },
        ])
        .execute();
      const r = await new Migrator({ db, provider: provider(names) }).migrateToLatest();
      expect(r.error).toBeUndefined();
      const rows = await db.selectFrom('users').select(['username', 'role']).orderBy('username').execute();
      expect(rows).toEqual([
        { username: 'old_sup', role: 'owner' },
        { username: 'old_user', role: null },
      ]);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
