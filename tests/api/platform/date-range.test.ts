/** A time range filter given as dates covers whole days in the business time zone, the end day included. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

// Shanghai is UTC+8: 2024-03-10 00:00:00 there is 2024-03-09 16:00:00 UTC.
const MAR_10 = Date.UTC(2024, 2, 9, 16, 0, 0);
const at = {
  before: MAR_10 - 400, // 2024-03-09 23:59:59.600
  start: MAR_10, // 2024-03-10 00:00:00.000
  last: MAR_10 + 86_400_000 - 1, // 2024-03-10 23:59:59.999
  next: MAR_10 + 86_400_000, // 2024-03-11 00:00:00.000
};

describe.each(dbKinds)('date ranges on %s', (kind) => {
  let s: TestServer;
  let supToken: string;
  const list = async (create_at: unknown) =>
    (await s.post('/api/user/data', { create_at, sort: 'create_at', order: 'asc' }, supToken)).data.list.map(
      (u: Record<string, unknown>) => u.username,
    );

  beforeAll(async () => {
    s = await startServer(kind);
    supToken = await s.login(SUP.username, SUP.password);
    for (const [name, ms] of Object.entries(at)) {
      s.clock.freeze(ms);
      expect((await s.post('/api/user/add', { username: `u_${name}`, password: 'password-1' }, supToken)).code).toBe(200);
    }
    s.clock.reset();
  });
  afterAll(() => s?.close());

  it('today to today finds the whole day, to its last millisecond', async () => {
    expect(await list(['2024-03-10', '2024-03-10'])).toEqual(['u_start', 'u_last']);
  });

  it('a range of dates includes its end day, an open end or start still works', async () => {
    expect(await list(['2024-03-09', '2024-03-10'])).toEqual(['u_before', 'u_start', 'u_last']);
    expect(await list(['', '2024-03-09'])).toEqual(['u_before']);
    expect(await list(['2024-03-11', ''])).toEqual(['u_next', 'admin']); // the sup was made today
  });

  it('an end with a time is taken as that instant', async () => {
    expect(await list(['2024-03-10 00:00:00', '2024-03-10 23:59:59'])).toEqual(['u_start']);
  });
});
