/**
 * A declared unique field (groups.name) whose value another write takes between the check and the
 * insert: the database's own unique violation (SQLite SQLITE_CONSTRAINT_UNIQUE, PostgreSQL 23505) is
 * answered as the same 409 naming the field, never a 500.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '../../../resources.config.js';
import { AppError } from '../../../server/platform/http/envelope.js';
import { asConflict } from '../../../server/platform/crud/unique.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const group = (name: string, is_default = 0) => ({ name, rate: 90, is_default, sort: 0, remark: null, create_at: 1 });

async function violation(write: Promise<unknown>): Promise<unknown> {
  try {
    await write;
  } catch (e) {
    return e;
  }
  throw new Error('the write went through');
}

describe.each(dbKinds)('unique violations on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  beforeAll(async () => {
    s = await startServer(kind);
    sup = await s.login(SUP.username, SUP.password);
  });
  afterAll(async () => {
    await s?.close();
  });

  it("the database's violation of a declared unique field is its 409; of another index, the resource's", async () => {
    await s.database.db.insertInto('groups').values(group('甲组')).execute();
    const taken = asConflict(await violation(s.database.db.insertInto('groups').values(group('甲组')).execute()), resources.groups);
    expect(taken).toBeInstanceOf(AppError);
    expect(taken).toMatchObject({ code: 409, message: '分组名称已存在', data: { errors: { name: '分组名称已存在' } } });
    // The one default group is held by a partial index on is_default, a field not declared unique.
    const second = asConflict(await violation(s.database.db.insertInto('groups').values(group('乙组', 1)).execute()), resources.groups);
    expect(second).toMatchObject({ code: 409, message: '分组与已有记录重复', data: null });
    const other = new Error('something else');
    expect(asConflict(other, resources.groups)).toBe(other);
  });

  it.runIf(kind === 'postgres')('a name taken while the add waits on the index answers 409 naming the field', async () => {
    const db = s.database.db;
    // Another writer inserts the name and holds its transaction open: the add's check cannot see the
    // row, so its insert waits on the unique index until that writer commits.
    const { answer } = await db.transaction().execute(async (trx) => {
      await trx.insertInto('groups').values(group('抢注分组')).execute();
      const {
        rows: [me],
      } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      const answer = s.post('/api/group/add', { name: '抢注分组', rate: 0.9 }, sup);
      for (let i = 0; ; i++) {
        const {
          rows: [w],
        } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where ${me.pid} = any(pg_blocking_pids(pid))`.execute(
          db,
        );
        if (w.n > 0) break;
        if (i > 2000) throw new Error('the add never waited on the index');
        await new Promise((r) => setTimeout(r, 10));
      }
      return { answer };
    });
    const r = await answer;
    expect({ code: r.code, message: r.message, data: r.data }).toEqual({
      code: 409,
      message: '分组名称已存在',
      data: { errors: { name: '分组名称已存在' } },
    });
    const rows = await db.selectFrom('groups').select('id').where('name', '=', '抢注分组').execute();
    expect(rows).toHaveLength(1);
  });
});
