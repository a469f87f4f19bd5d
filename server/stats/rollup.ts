import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { DB } from '../db/schema.js';

/**
 * All-time platform totals over tables that only ever grow (ledger, recharges, tokens), without
 * reading a million rows per request: a stored total of the rows up to an id, plus the rows after
 * it. Once the tail is long, the stored total moves forward, to the newest row at least
 * SETTLED_MS old: a row with a lower id was written before that one, by a transaction long since
 * committed, so nothing is ever left out (ids, not clocks, decide; a clock set back changes
 * nothing). Two processes moving it at once: the conditional update lets one win.
 */
const SETTLED_MS = 5 * 60_000;
const MOVE_AT = 5_000;

type Table = 'ledger' | 'recharges' | 'tokens';

interface Rollup {
  table: Table;
  /** Summed column, or none to count rows. */
  sum?: 'amount';
  where?: (q: SelectQueryBuilder<DB, any, any>) => SelectQueryBuilder<DB, any, any>;
}

export const rollups = {
  /** Orders net of refunds, as the ledger holds them (debits negative). */
  ledger_orders: { table: 'ledger', sum: 'amount', where: (q) => q.where('type', 'in', ['order', 'refund']) },
  recharges: { table: 'recharges', sum: 'amount' },
  recharges_auto: { table: 'recharges', sum: 'amount', where: (q) => q.where('type', '=', 'auto') },
  tokens: { table: 'tokens' },
} satisfies Record<string, Rollup>;

export type RollupName = keyof typeof rollups;

async function aggregate(db: Kysely<DB>, r: Rollup, after: number, upTo?: number) {
  let q = db.selectFrom(r.table as 'ledger').where('id', '>', after) as SelectQueryBuilder<DB, any, any>;
  if (upTo !== undefined) q = q.where('id', '<=', upTo);
  if (r.where) q = r.where(q);
  const row = await q.select((eb: any) => [
    r.sum ? eb.fn.coalesce(eb.fn.sum(r.sum), eb.lit(0)).as('value') : eb.fn.countAll().as('value'),
    eb.fn.countAll().as('rows'),
  ]).executeTakeFirstOrThrow();
  return { value: Number(row.value), rows: Number(row.rows) };
}

export async function rolledTotal(db: Kysely<DB>, name: RollupName, now: number): Promise<number> {
  const r: Rollup = rollups[name];
  const stored = await db.selectFrom('stat_rollups').select(['upto_id', 'value']).where('name', '=', name).executeTakeFirst();
  const upto = Number(stored?.upto_id ?? 0);
  const base = Number(stored?.value ?? 0);
  const tail = await aggregate(db, r, upto);
  if (tail.rows >= MOVE_AT) await moveForward(db, name, r, upto, base, now);
  return base + tail.value;
}

async function moveForward(db: Kysely<DB>, name: RollupName, r: Rollup, upto: number, base: number, now: number) {
  const settled = await db.selectFrom(r.table as 'ledger').select('id').where('create_at', '<=', now - SETTLED_MS)
    .orderBy('create_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
  const to = Number(settled?.id ?? 0);
  if (to <= upto) return;
  const value = base + (await aggregate(db, r, upto, to)).value;
  await db.insertInto('stat_rollups').values({ name, upto_id: to, value, update_at: now })
    .onConflict((oc) => oc.column('name').doUpdateSet({ upto_id: to, value, update_at: now }).where('stat_rollups.upto_id', '=', upto))
    .execute();
}
