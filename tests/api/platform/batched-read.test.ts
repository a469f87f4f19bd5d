/**
 * batchedRead (server/platform/db/fast-query.ts): the code reads of one turn of the event loop read together
 * on SQLite. Each caller still gets its own row (or none), whatever else shares its batch, on both
 * databases; a read asked for after a write sees that write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchedRead } from '../../../server/platform/db/fast-query.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const byUsername = batchedRead((db) => db.selectFrom('users').select(['id', 'username', 'balance']).where('username', '=', ''));

describe.each(dbKinds)('batchedRead on %s', (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(async () => {
    await s?.close();
  });

  it('answers each read of a turn with its own row, and a missing key with nothing', async () => {
    const sup = await s.login(SUP.username, SUP.password);
    for (const name of ['batch_a', 'batch_b', 'batch_c']) await s.addCustomer(sup, name);
    const names = ['batch_c', 'nobody_here', 'batch_a', 'batch_b', 'batch_a'];
    const rows = await Promise.all(names.map((name) => byUsername(s.database, name)));
    expect(rows.map((r) => r?.username ?? null)).toEqual(['batch_c', null, 'batch_a', 'batch_b', 'batch_a']);
    expect(rows[2]!.id).toBe(rows[4]!.id);
    expect(new Set(rows.filter(Boolean).map((r) => r!.id)).size).toBe(3);
  });

  it('a read asked for after a write sees it', async () => {
    const before = await byUsername(s.database, 'batch_a');
    await s.database.db.updateTable('users').set({ balance: 4321 }).where('id', '=', before!.id).execute();
    expect(Number((await byUsername(s.database, 'batch_a'))!.balance)).toBe(4321);
  });
});
