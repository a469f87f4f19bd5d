/**
 * The home figures over thousands of rows, where the server keeps running totals of the ledger and
 * the links (per quarter hour and per user) instead of reading every row: they always equal the
 * straight sums of the rows, as the rows grow, including rows written late with an earlier time.
 */
import { sql, type Selectable } from 'kysely';
import type { DB } from '../../../server/schema/tables.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toDollars } from '../../../server/platform/lib/money.js';
import { startOfDay, startOfMonth } from '../../../server/platform/lib/time.js';
import { addGoods, buyOk, credit, importLines } from '../../helpers/commerce.js';
import { dbKinds, startServer, SUP, type TestServer } from '../../helpers/server.js';

const DAY = 86_400_000;
// 2025-05-20 12:00 in Shanghai.
const NOON = Date.UTC(2025, 4, 20, 4, 0, 0);

describe.each(dbKinds)('home figures from running totals on %s', (kind) => {
  let s: TestServer;
  let sup: string;
  let a: { id: number; token: string };
  let b: { id: number; token: string };
  let link: Selectable<DB['tokens']>;
  // Row 0 would be a recharge: the first rows (at midnight) are orders.
  let serial = 1;

  /** `n` ledger rows and `n` links, alternately a's and b's, their times spread over [from, to). */
  const write = async (n: number, from: number, to: number) => {
    const db = s.database.db;
    const rows = Array.from({ length: n }, (_, i) => {
      const k = serial++;
      const type = k % 11 === 0 ? ('recharge_manual' as const) : k % 7 === 0 ? ('refund' as const) : ('order' as const);
      const create_at = from + Math.floor(((to - from) * i) / n);
      return { user_id: k % 2 ? a.id : b.id, type, amount: type === 'order' ? -((k % 900) + 1) : (k % 300) + 1, create_at, k };
    });
    for (let i = 0; i < n; i += 500) {
      const chunk = rows.slice(i, i + 500);
      await db
        .insertInto('ledger')
        .values(
          chunk.map(({ k: _, ...r }) => ({
            ...r,
            balance_before: 0,
            balance_after: 0,
            ref_type: null,
            ref_id: null,
            remark: null,
          })),
        )
        .execute();
      // Copies of a bought link (every column the table requires), each its own.
      await db
        .insertInto('tokens')
        .values(
          chunk.map((r) => {
            const { id: _, ...copy } = link;
            return { ...copy, token: `rollup${r.k}`, user_id: r.user_id, create_at: r.create_at };
          }),
        )
        .execute();
    }
  };

  /** What the home screen must show: the rows summed straight. */
  const straight = async (userId?: number) => {
    const now = s.clock.now();
    const tz = s.settings.timeZone;
    const orders = async (from?: number) => {
      const r = await sql<{ n: number }>`select coalesce(sum(amount), 0) as n from ledger where type in ('order', 'refund')
        ${from !== undefined ? sql`and create_at >= ${from}` : sql``} ${userId !== undefined ? sql`and user_id = ${userId}` : sql``}`.execute(
        s.database.db,
      );
      return toDollars(-Number(r.rows[0].n));
    };
    const links = async (from?: number) => {
      const r = await sql<{ n: number }>`select count(*) as n from tokens where 1 = 1
        ${from !== undefined ? sql`and create_at >= ${from}` : sql``} ${userId !== undefined ? sql`and user_id = ${userId}` : sql``}`.execute(
        s.database.db,
      );
      return Number(r.rows[0].n);
    };
    return {
      todayOrder: await orders(startOfDay(now, tz)),
      monthOrder: await orders(startOfMonth(now, tz)),
      totalOrder: await orders(),
      todayTokenNum: await links(startOfDay(now, tz)),
      tokenNum: await links(),
    };
  };

  const expectFiguresRight = async () => {
    for (const [token, userId] of [
      [sup, undefined],
      [a.token, a.id],
      [b.token, b.id],
    ] as const) {
      const r = await s.get('/api/statistics/index', token);
      expect(r.code).toBe(200);
      expect(r.data, `user ${userId ?? 'sup'}`).toMatchObject(await straight(userId));
    }
  };

  beforeAll(async () => {
    s = await startServer(kind, { frozenAt: NOON - 60 * DAY });
    sup = await s.login(SUP.username, SUP.password);
    a = await s.addCustomer(sup, 'rollup_a');
    b = await s.addCustomer(sup, 'rollup_b');
    const goodsId = await addGoods(s, sup);
    await importLines(s, sup, goodsId, ['8613900000001']);
    await credit(s, sup, a.id, 10);
    await buyOk(s, a.token, goodsId);
    link = await s.database.db.selectFrom('tokens').selectAll().executeTakeFirstOrThrow();
    // Sessions made 60 days ago have run out.
    s.clock.freeze(NOON);
    sup = await s.login(SUP.username, SUP.password);
    a.token = await s.login('rollup_a', 'Customer-pass-1');
    b.token = await s.login('rollup_b', 'Customer-pass-1');
  });
  afterAll(() => s?.close());

  it('equal the straight sums once the totals have moved forward over thousands of rows', async () => {
    // One row exactly at midnight, one just before; then 6,000 over the last 40 days, up to 10 minutes ago.
    const midnight = startOfDay(NOON, s.settings.timeZone);
    await write(1, midnight, midnight + 1);
    await write(1, midnight - 1, midnight);
    await write(6000, NOON - 40 * DAY, NOON - 10 * 60_000);
    // The first visit moves the totals on; the next one reads them.
    await expectFiguresRight();
    await expectFiguresRight();
    const moved = await s.database.db.selectFrom('stat_rollups').select(['name', 'upto_id']).execute();
    expect(moved.find((r) => r.name === 'ledger_orders')?.upto_id).toBeGreaterThan(0);
    expect(moved.find((r) => r.name === 'tokens')?.upto_id).toBeGreaterThan(0);
  });

  it('stay equal as rows arrive, new ones and late ones with an earlier time, read first by a customer', async () => {
    await write(300, NOON - 60_000, NOON);
    await write(300, NOON - 25 * DAY, NOON - 20 * DAY);
    await expectFiguresRight();
    // Later, after more than the rows a tail may hold, the customer's visit moves the totals on.
    s.clock.freeze(NOON + 20 * 60_000);
    await write(5500, NOON - 30 * DAY, NOON + 5 * 60_000);
    const before = await s.database.db
      .selectFrom('stat_rollups')
      .select('upto_id')
      .where('name', '=', 'ledger_orders')
      .executeTakeFirstOrThrow();
    expect((await s.get('/api/statistics/index', a.token)).code).toBe(200);
    const after = await s.database.db
      .selectFrom('stat_rollups')
      .select('upto_id')
      .where('name', '=', 'ledger_orders')
      .executeTakeFirstOrThrow();
    expect(Number(after.upto_id)).toBeGreaterThan(Number(before.upto_id));
    sup = await s.login(SUP.username, SUP.password);
    await expectFiguresRight();
  });
});
