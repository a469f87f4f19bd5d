/**
 * A business at scale for the benchmarks, written with set-based SQL (a million orders in seconds,
 * not a million API calls): customers, products, orders spread over a time span, one ledger row and
 * one API link per order, and a manual recharge per customer that leaves the books balanced (every
 * ledger sums to its balance; the difference is 0). One customer in ten orders is the heavy buyer's.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../server/platform/db/connection.js';
import type { DB } from '../server/schema/tables.js';
import { manualRecharge } from '../server/finance/manual-recharge.js';
import { createSession } from '../server/accounts/sessions.js';

export interface ScaleOptions {
  customers: number;
  orders: number;
  /** Orders (and links) fall evenly over [now - spanMs, now). */
  spanMs: number;
  now: number;
  /** Sessions to make for customers (besides the heavy buyer's). */
  sessions?: number;
}

export interface Scale {
  supToken: string;
  heavy: { id: number; token: string };
  customers: { id: number; token: string }[];
  customerIds: [number, number];
  goodsIds: number[];
}

/** The link token of the order with this id (what the seeded links are called). */
export const linkToken = (orderId: number) => `tk${String(orderId).padStart(30, '0')}`;

const BALANCE = 10_000;

/** Parameters as 64-bit integers (PostgreSQL would take them for 32-bit ones beside an integer). */
const bigOn = (database: Database) => (v: number) => (database.dialect === 'postgres' ? sql`${v}::bigint` : sql`${v}`);
const TTL = 365 * 86_400_000;

export async function seedScale(database: Database, o: ScaleOptions): Promise<Scale> {
  const db = database.db;
  const pg = database.dialect === 'postgres';
  /** `INSERT INTO <into> SELECT <select> FROM series(n)`, n = 1..count, on either database. */
  const fromSeries = (count: number, into: RawBuilder<unknown>, select: RawBuilder<unknown>) =>
    (pg
      ? sql`INSERT INTO ${into} SELECT ${select} FROM generate_series(CAST(1 AS bigint), ${sql.lit(count)}) AS series(n)`
      : sql`WITH RECURSIVE series(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM series WHERE n < ${sql.lit(count)}) INSERT INTO ${into} SELECT ${select} FROM series`
    ).execute(db);
  const big = bigOn(database);
  const pad = (expr: RawBuilder<unknown>) =>
    pg ? sql`lpad(${expr}::text, 30, '0')` : sql`substr('000000000000000000000000000000' || ${expr}, -30)`;

  const sup = await db.selectFrom('users').select('id').where('type', '=', 'sup').executeTakeFirstOrThrow();
  const group = await db.selectFrom('groups').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow();
  const start = o.now - o.spanMs;

  const goodsIds: number[] = [];
  for (let i = 1; i <= 5; i++) {
    const g = await db
      .insertInto('goods')
      .values({
        title: `基准商品 ${i}`,
        description: null,
        channel: 'sms',
        service: `s${i}`,
        country: 0,
        price: 100 * i,
        valid_hours: 24,
        receive_limit: 1,
        reset_limit: 1,
        renew_price: 10,
        code_wait_minutes: 0,
        min_qty: 1,
        max_qty: 100,
        on_sale: 1,
        sort: i,
        source: 'stock',
        match_sender: null,
        match_keyword: null,
        stock: 0,
        sold: 0,
        create_at: start,
        update_at: start,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    goodsIds.push(Number(g.id));
  }

  await fromSeries(
    o.customers,
    sql`users (username, password_hash, type, status, balance, group_id, create_at, update_at, login_count)`,
    sql`'bench_' || n, 'x', 'user', 'active', 0, ${group.id}, ${big(start)} + n, ${big(start)} + n, 0`,
  );
  const range = await db
    .selectFrom('users')
    .select((eb) => [eb.fn.min('id').as('lo'), eb.fn.max('id').as('hi')])
    .where('username', 'like', 'bench_%')
    .executeTakeFirstOrThrow();
  const lo = Number(range.lo);
  const hi = Number(range.hi);

  // Every tenth order is the heavy buyer's (the first customer); the rest go round the customers.
  await fromSeries(
    o.orders,
    sql`orders (order_no, user_id, goods_id, token_id, type, quantity, base_price, unit_price, rate, amount, refunded, state, create_at)`,
    sql`'B' || n, CASE WHEN n % 10 = 0 THEN ${lo} ELSE ${lo} + 1 + (n % ${o.customers - 1}) END, ${goodsIds[0]} + (n % 5), NULL, 'buy', 1,
      100 + (n * 7919) % 900, 100 + (n * 7919) % 900, 100, 100 + (n * 7919) % 900, 0, 'paid',
      ${big(start)} + (n * ${big(Math.floor(o.spanMs / o.orders))})`,
  );
  await sql`INSERT INTO ledger (user_id, type, amount, balance_before, balance_after, ref_type, ref_id, remark, create_at)
    SELECT user_id, 'order', -amount, 0, 0, 'order', id, NULL, create_at FROM orders`.execute(db);
  // One link per order, alive; every third one holds a code.
  await sql`INSERT INTO tokens (token, user_id, goods_id, order_id, stock_item_id, identifier, ident_key, state, armed_at, expires_at,
      receive_limit, reset_limit, received, code_count, resets, last_code, last_text, last_code_at, refund_at, create_at)
    SELECT 'tk' || ${pad(sql`id`)}, user_id, goods_id, id, NULL, '86' || (13800000000 + id), '86' || (13800000000 + id),
      CASE WHEN id % 3 = 0 THEN 'used_up' ELSE 'active' END, create_at, ${big(o.now + TTL)}, 1, 1,
      CASE WHEN id % 3 = 0 THEN 1 ELSE 0 END, CASE WHEN id % 3 = 0 THEN 1 ELSE 0 END, 0,
      CASE WHEN id % 3 = 0 THEN '123456' END, CASE WHEN id % 3 = 0 THEN '【基准】验证码 123456 ，5 分钟内有效' END,
      CASE WHEN id % 3 = 0 THEN create_at + 30000 END, NULL, create_at
    FROM orders`.execute(db);
  await sql`INSERT INTO recharges (user_id, type, amount, remark, operator_id, create_at)
    SELECT user_id, 'manual', SUM(amount) + ${big(BALANCE)}, 'bench', ${sup.id}, MIN(create_at) - 1000 FROM orders GROUP BY user_id`.execute(
    db,
  );
  await sql`INSERT INTO ledger (user_id, type, amount, balance_before, balance_after, ref_type, ref_id, remark, create_at)
    SELECT user_id, 'recharge_manual', amount, 0, amount, 'recharge', id, remark, create_at FROM recharges WHERE remark = 'bench'`.execute(
    db,
  );
  await db.updateTable('users').set({ balance: BALANCE }).where('id', '>=', lo).where('id', '<=', hi).execute();
  // What autovacuum would have done by now on PostgreSQL (visibility map for index-only scans).
  await (pg ? sql`VACUUM ANALYZE` : sql`ANALYZE`).execute(db);

  const session = (userId: number) => createSession(database.db as Kysely<DB>, { userId, now: o.now, ttlMs: TTL });
  const count = Math.min(o.sessions ?? 50, o.customers - 1);
  const customers = [];
  for (let i = 0; i < count; i++) {
    const id = lo + 1 + Math.floor((i * (o.customers - 1)) / count);
    customers.push({ id, token: await session(id) });
  }
  return {
    supToken: await session(Number(sup.id)),
    heavy: { id: lo, token: await session(lo) },
    customers,
    customerIds: [lo, hi],
    goodsIds,
  };
}

export interface BuyersOptions {
  buyers: number;
  stock: number;
  now: number;
}
export interface Buyers {
  supToken: string;
  goodsId: number;
  buyers: { id: number; token: string }[];
}

/**
 * For the purchase benchmark: one product with `stock` numbers, and `buyers` customers with a
 * balance that never runs out during the run, each logged in.
 */
export async function seedBuyers(database: Database, o: BuyersOptions): Promise<Buyers> {
  const db = database.db;
  const pg = database.dialect === 'postgres';
  const series = (count: number) =>
    pg
      ? sql`SELECT n FROM generate_series(CAST(1 AS bigint), ${sql.lit(count)}) AS series(n)`
      : sql`WITH RECURSIVE series(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM series WHERE n < ${sql.lit(count)}) SELECT n FROM series`;
  const big = bigOn(database);
  const sup = await db.selectFrom('users').select('id').where('type', '=', 'sup').executeTakeFirstOrThrow();
  const group = await db.selectFrom('groups').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow();
  const goods = await db
    .insertInto('goods')
    .values({
      title: '抢购商品',
      description: null,
      channel: 'sms',
      service: 'tg',
      country: 0,
      price: 100,
      valid_hours: 24,
      receive_limit: 1,
      reset_limit: 1,
      renew_price: 10,
      code_wait_minutes: 0,
      min_qty: 1,
      max_qty: 10,
      on_sale: 1,
      sort: 0,
      source: 'stock',
      match_sender: null,
      match_keyword: null,
      stock: o.stock,
      sold: 0,
      create_at: o.now,
      update_at: o.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const goodsId = Number(goods.id);
  await sql`INSERT INTO stock_items (goods_id, identifier, ident_key, extra, state, token_id, create_at, update_at)
    SELECT ${goodsId}, '86' || (15000000000 + n), '86' || (15000000000 + n), NULL, 'available', NULL, ${big(o.now)}, ${big(o.now)}
    FROM (${series(o.stock)}) AS s`.execute(db);
  const buyers = [];
  for (let i = 0; i < o.buyers; i++) {
    const u = await db
      .insertInto('users')
      .values({
        username: `buyer_${i}`,
        password_hash: 'x',
        type: 'user',
        status: 'active',
        balance: 0,
        group_id: group.id,
        create_at: o.now,
        update_at: o.now,
        login_count: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = Number(u.id);
    await manualRecharge(database.db as Kysely<DB>, {
      userId: id,
      amount: 100_000_000,
      remark: '基准充值',
      operatorId: Number(sup.id),
      now: o.now,
    });
    buyers.push({ id, token: await createSession(database.db as Kysely<DB>, { userId: id, now: o.now, ttlMs: TTL }) });
  }
  const supToken = await createSession(database.db as Kysely<DB>, { userId: Number(sup.id), now: o.now, ttlMs: TTL });
  return { supToken, goodsId, buyers };
}
