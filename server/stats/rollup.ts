import { sql, type RawBuilder } from 'kysely';
import type { Database } from '../platform/db/connection.js';

/**
 * Totals over tables that only ever grow (ledger, recharges, tokens), without reading a million rows
 * per request: a stored total of the rows up to an id, plus the rows after it. Once the tail is
 * long, the stored total moves forward, to the newest row at least SETTLED_MS old: a row with a lower
 * id was written before that one, by a transaction long since committed, so nothing is ever left out
 * (ids, not clocks, decide; a clock set back changes nothing). Two processes moving it at once: the
 * conditional update lets one win.
 *
 * Some rollups also keep parts of the same rows (table stat_parts, moved in the same transaction):
 * summed per quarter hour of their create_at (a window from a day's or a month's start, in any time
 * zone, is whole slots) and per user (a customer's all-time figures).
 */
const SETTLED_MS = 5 * 60_000;
const MOVE_AT = 5_000;
/** Every time zone's midnight falls on a quarter hour. */
export const SLOT_MS = 15 * 60_000;

interface Rollup {
  table: 'ledger' | 'recharges' | 'tokens' | 'orders';
  /** Summed column, or none to count rows. */
  sum?: 'amount';
  /** Which rows count: a condition on the table's own columns. */
  where?: RawBuilder<unknown>;
  /** Also kept per quarter hour of create_at ('slot') and per user. */
  parts?: readonly ('slot' | 'user')[];
}

export const rollups = {
  /** Orders net of refunds, as the ledger holds them (debits negative). */
  ledger_orders: { table: 'ledger', sum: 'amount', where: sql`type in ('order', 'refund')`, parts: ['slot', 'user'] },
  /** Resellers' profits credited, net of those refunds took back (docs/resellers.md). */
  ledger_profit: { table: 'ledger', sum: 'amount', where: sql`type = 'profit'` },
  recharges: { table: 'recharges', sum: 'amount' },
  recharges_auto: { table: 'recharges', sum: 'amount', where: sql`type = 'auto'` },
  tokens: { table: 'tokens', parts: ['slot', 'user'] },
  /** Orders per quarter hour: where a deep page of the newest-first list begins (server/stats/deep-pages.ts). */
  orders: { table: 'orders', parts: ['slot'] },
} satisfies Record<string, Rollup>;

export type RollupName = keyof typeof rollups;

/** All rows (none given), the rows since a time, or one user's rows. */
export interface Scope {
  from?: number;
  userId?: number;
}

/**
 * The rollup's total over each scope, or undefined where its parts cannot give it (a window not
 * starting on a slot, a window of one user): the caller reads those rows itself.
 */
export async function rolled(database: Database, name: RollupName, now: number, scopes: Scope[]): Promise<(number | undefined)[]> {
  const r: Rollup = rollups[name];
  const parts = scopes.map((scope) => partOf(name, r, scope));
  if (parts.every((p) => p === null)) return scopes.map(() => undefined);
  // The total and the parts read by one statement: all belong to the same upto_id.
  const sums = parts.flatMap((p, i) =>
    p
      ? [
          sql<number>`(select coalesce(sum(value), 0) from stat_parts where name = ${p.name} and part ${sql.raw(p.op)} ${p.value})`.as(
            `p${i}`,
          ),
        ]
      : [],
  );
  const stored = (await database.db
    .selectFrom('stat_rollups')
    .select(['upto_id', 'value', ...sums])
    .where('name', '=', name)
    .executeTakeFirst()) as Record<string, number> | undefined;
  const upto = Number(stored?.upto_id ?? 0);
  const served = scopes.filter((_, i) => parts[i] !== null);
  const tail = await aggregate(database, r, served, upto);
  await moveIfLong(database, name, upto, tail.rows, now);
  return parts.map((p, i) =>
    p === null ? undefined : Number((p ? stored?.[`p${i}`] : stored?.value) ?? 0) + tail.values[served.indexOf(scopes[i])],
  );
}

/** Whether the rollup holds the scope's figure (rolled gives it). */
export const holds = (name: RollupName, scope: Scope) => partOf(name, rollups[name], scope) !== null;

/** Which stored part holds the scope: undefined for all rows (the total), null when none does. */
function partOf(name: RollupName, r: Rollup, { from, userId }: Scope) {
  if (from === undefined && userId === undefined) return undefined;
  if (from !== undefined && (userId !== undefined || from % SLOT_MS !== 0 || !r.parts?.includes('slot'))) return null;
  if (from === undefined && !r.parts?.includes('user')) return null;
  return from !== undefined ? { name: `${name}/slot`, op: '>=', value: from } : { name: `${name}/user`, op: '=', value: userId! };
}

/** The conditions of a scope's rows (and `where`): its user's, from its start. */
export function scopeConditions(scope: Scope, where?: RawBuilder<unknown>): RawBuilder<unknown>[] {
  return [
    where,
    scope.userId !== undefined ? sql`user_id = ${scope.userId}` : undefined,
    scope.from !== undefined ? sql`create_at >= ${scope.from}` : undefined,
  ].filter((c) => c !== undefined);
}

/** `sum(value)` over the rows in the scope (and meeting `where`) of those a statement reads, as column `as`. */
export function sumIn(scope: Scope, value: RawBuilder<unknown>, as: string, where?: RawBuilder<unknown>) {
  const conditions = scopeConditions(scope, where);
  const counted = conditions.length ? sql`case when ${sql.join(conditions, sql` and `)} then ${value} else 0 end` : value;
  return sql`coalesce(sum(${counted}), 0) as ${sql.ref(as)}`;
}

/**
 * The table's rows after an id (up to another), read by id once: the value of each scope, and
 * `rows` counting them all, in a scope or not.
 */
async function aggregate(database: Database, r: Rollup, scopes: Scope[], after: number, upTo?: number) {
  const value = r.sum ? sql.ref(r.sum) : sql`1`;
  const sums = scopes.map((scope, i) => sumIn(scope, value, `v${i}`, r.where));
  const { rows } = await sql<Record<string, number>>`select count(*) as rows, ${sql.join(sums)}
    from ${byId(database, r.table)} where id > ${after}${upTo !== undefined ? sql` and id <= ${upTo}` : sql``}`.execute(database.db);
  return { values: scopes.map((_, i) => Number(rows[0][`v${i}`])), rows: Number(rows[0].rows) };
}

/**
 * The table, read by its ids. With statistics (ANALYZE), SQLite may prefer an index led by another
 * column for a range of ids (a skip-scan over every user), reading many times the rows it needs.
 */
export const byId = (database: Database, table: string) =>
  database.dialect === 'sqlite' ? sql`${sql.table(table)} not indexed` : sql.table(table);

/** Rollups this process is moving forward: its other requests leave them to it. */
const moving = new WeakMap<Database, Set<RollupName>>();

/** The rollup counting every row of a table per quarter hour, if one does. */
export function slotCounter(table: string): RollupName | undefined {
  return (Object.keys(rollups) as RollupName[]).find((name) => {
    const r: Rollup = rollups[name];
    return r.table === table && !r.sum && !r.where && r.parts?.includes('slot');
  });
}

/** Moves the rollup forward when the rows after its upto_id have grown many (one mover per process). */
export async function moveIfLong(database: Database, name: RollupName, upto: number, tailRows: number, now: number): Promise<void> {
  if (tailRows >= MOVE_AT) await moveOnce(database, name, rollups[name], upto, now);
}

async function moveOnce(database: Database, name: RollupName, r: Rollup, upto: number, now: number) {
  const mine = moving.get(database) ?? new Set<RollupName>();
  moving.set(database, mine);
  if (mine.has(name)) return;
  mine.add(name);
  try {
    await moveForward(database, name, r, upto, now);
  } finally {
    mine.delete(name);
  }
}

async function moveForward(database: Database, name: RollupName, r: Rollup, upto: number, now: number) {
  const db = database.db;
  const settled = await db
    .selectFrom(r.table)
    .select('id')
    .where('create_at', '<=', now - SETTLED_MS)
    .orderBy('create_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const to = Number(settled?.id ?? 0);
  if (to <= upto) return;
  // Read before the write transaction (SQLite's write lock is held by it): these rows no longer change.
  const [total] = (await aggregate(database, r, [{}], upto, to)).values;
  const parts = r.parts ? await partsOf(database, name, r, upto, to) : [];
  await db.transaction().execute(async (trx) => {
    const moved = await trx
      .insertInto('stat_rollups')
      .values({ name, upto_id: to, value: total, update_at: now })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ upto_id: to, value: sql`stat_rollups.value + ${total}`, update_at: now })
          .where('stat_rollups.upto_id', '=', upto),
      )
      .executeTakeFirst();
    if (!Number(moved.numInsertedOrUpdatedRows)) return;
    for (let i = 0; i < parts.length; i += 500) {
      await trx
        .insertInto('stat_parts')
        .values(parts.slice(i, i + 500))
        .onConflict((oc) => oc.columns(['name', 'part']).doUpdateSet({ value: sql`stat_parts.value + excluded.value` }))
        .execute();
    }
  });
}

/** The rows after `upto` up to `to`, summed per slot or per user, as stat_parts rows to add. */
async function partsOf(database: Database, name: RollupName, r: Rollup, upto: number, to: number) {
  const value = r.sum ? sql`sum(${sql.ref(r.sum)})` : sql`count(*)`;
  const where = sql`id > ${upto} and id <= ${to}${r.where ? sql` and ${r.where}` : sql``}`;
  const by = async (suffix: string, key: RawBuilder<unknown>) => {
    const { rows } = await sql<{ part: number; value: number }>`select ${key} as part, ${value} as value
      from ${byId(database, r.table)} where ${where} group by ${key}`.execute(database.db);
    return rows.map((row) => ({ name: `${name}/${suffix}`, part: Number(row.part), value: Number(row.value) }));
  };
  const keys = { slot: sql`(create_at / ${sql.lit(SLOT_MS)}) * ${sql.lit(SLOT_MS)}`, user: sql`user_id` };
  return (await Promise.all((r.parts ?? []).map((kind) => by(kind, keys[kind])))).flat();
}
