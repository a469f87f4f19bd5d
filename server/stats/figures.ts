import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../platform/db/connection.js';
import type { DB } from '../schema/tables.js';
import { holds, rolled, scopeConditions, sumIn, type RollupName, type Scope } from './rollup.js';

/**
 * Sums and counts over windows [from, now], optionally for one user, several at once. All money in
 * cents. Where a rollup holds a window's figure (server/stats/rollup.ts) it comes from there; the
 * other windows are read from the rows, all by one statement.
 */
export type Window = Scope;

type Sums = Record<string, RawBuilder<unknown>>;

/** Each window's sums, from the rollups named beside each sum where they hold it, else from the rows. */
async function perWindow(
  database: Database,
  now: number,
  windows: Window[],
  table: string,
  sums: Record<string, [RollupName, RawBuilder<unknown>]>,
  where?: RawBuilder<unknown>,
) {
  const names = Object.entries(sums);
  const stored = (w: Window) => names.every(([, [rollup]]) => holds(rollup, w));
  const unread = windows.filter((w) => !stored(w));
  const [rolledUp, read] = await Promise.all([
    Promise.all(names.map(([, [rollup]]) => rolled(database, rollup, now, windows))),
    readWindows(database.db, table, unread, Object.fromEntries(names.map(([key, [, value]]) => [key, value])), where),
  ]);
  return windows.map((w, i) => (stored(w) ? Object.fromEntries(names.map(([key], k) => [key, rolledUp[k][i]!])) : read[unread.indexOf(w)]));
}

/** The sums over each window's rows, by one statement reading the rows of them all once. */
async function readWindows(db: Kysely<DB>, table: string, windows: Window[], sums: Sums, where?: RawBuilder<unknown>) {
  if (!windows.length) return [];
  const starts = windows.map((w) => w.from);
  const users = [...new Set(windows.map((w) => w.userId))];
  const all = {
    from: starts.every((f) => f !== undefined) ? Math.min(...(starts as number[])) : undefined,
    userId: users.length === 1 ? users[0] : undefined,
  };
  const conditions = scopeConditions(all, where);
  const columns = windows.flatMap((w, i) => Object.entries(sums).map(([key, value]) => sumIn(w, value, `${key}${i}`)));
  const { rows } = await sql<Record<string, number>>`select ${sql.join(columns)} from ${sql.table(table)}
    ${conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}`.execute(db);
  return windows.map((_, i) => Object.fromEntries(Object.keys(sums).map((key) => [key, Number(rows[0][`${key}${i}`])])));
}

export async function rechargeSums(database: Database, now: number, windows: Window[]): Promise<{ total: number; auto: number }[]> {
  const sums = await perWindow(database, now, windows, 'recharges', {
    total: ['recharges', sql`amount`],
    auto: ['recharges_auto', sql`case when type = 'auto' then amount else 0 end`],
  });
  return sums.map((s) => ({ total: s.total, auto: s.auto }));
}

/**
 * Order spending net of refunds, read from the ledger: every purchase debits it (type 'order') and
 * every refund credits it back, so this stays right whatever the order tables hold.
 */
export async function orderSums(database: Database, now: number, windows: Window[]): Promise<number[]> {
  const sums = await perWindow(database, now, windows, 'ledger', { net: ['ledger_orders', sql`amount`] }, sql`type in ('order', 'refund')`);
  return sums.map((s) => -s.net);
}

/** Resellers' profits credited to their balances, net of what refunds took back (money the platform paid out of its sales). */
export async function profitSums(database: Database, now: number, windows: Window[]): Promise<number[]> {
  const sums = await perWindow(database, now, windows, 'ledger', { net: ['ledger_profit', sql`amount`] }, sql`type = 'profit'`);
  return sums.map((s) => s.net);
}

/**
 * Resellers' profits not yet credited, less what refunds took back: owed, but in no balance yet, so
 * outside the difference until they settle. Read from the pending rows (`profits_due` holds them first).
 */
export async function pendingProfit(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom('profits')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(eb('amount', '-', eb.ref('reversed'))), eb.lit(0)).as('n'))
    .where('state', '=', 'pending')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** API links bought (one per unit), whatever became of them since. */
export async function linkCounts(database: Database, now: number, windows: Window[]): Promise<number[]> {
  return (await perWindow(database, now, windows, 'tokens', { n: ['tokens', sql`1`] })).map((s) => s.n);
}

/** How many users there are, how many joined since `from`, and what their balances add up to. */
export async function userFigures(db: Kysely<DB>, from: number): Promise<{ count: number; since: number; balance: number }> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<number>().as('count'),
      eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('create_at', '>=', from).then(1).else(0).end()), eb.lit(0)).as('since'),
      eb.fn.coalesce(eb.fn.sum<number>('balance'), eb.lit(0)).as('balance'),
    ])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), since: Number(row.since), balance: Number(row.balance) };
}
