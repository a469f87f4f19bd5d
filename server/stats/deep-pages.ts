import { sql } from 'kysely';
import type { Database } from '../platform/db/connection.js';
import { byId, moveIfLong, SLOT_MS, slotCounter, type RollupName } from './rollup.js';

/**
 * Deep pages of a whole append-only table in its newest-first order (create_at desc, id desc), as
 * the sup browses all orders or links, without stepping over every row before the page: a rollup
 * counts the table's rows per quarter hour (server/stats/rollup.ts), so the rows newer than each
 * quarter hour are known, and the page is read from the quarter hour it falls in, with a short skip.
 */

/** A rollup's quarter hours as of its upto_id, newest first, with the stored rows newer than each. */
interface Slots {
  upto: number;
  part: number[];
  value: number[];
  newer: number[];
}

/**
 * Kept per process and rollup: for one upto_id the stored counts never change (the rows up to an id
 * do not), so they are read again only once the rollup has moved.
 */
const slotsOf = new WeakMap<Database, Map<RollupName, Slots>>();

/** Where the rows from `offset` on begin: the first `skip` rows older than `before` are passed over. */
export interface DeepStart {
  before: number;
  skip: number;
}

export async function deepStart(database: Database, table: string, offset: number, now: number): Promise<DeepStart | undefined> {
  const name = slotCounter(table);
  if (!name) return undefined;
  const state = await database.db.selectFrom('stat_rollups').select('upto_id').where('name', '=', name).executeTakeFirst();
  if (!state) {
    // Not counted yet: a page this deep means rows enough to count.
    await moveIfLong(database, name, 0, offset, now);
    return undefined;
  }
  const upto = Number(state.upto_id);
  // The rows after upto_id (the newest, as a rule), read by id; count and min together, so that
  // PostgreSQL does not look for the min along the create_at index.
  const {
    rows: [tail],
  } = await sql<{ n: number; oldest: number | null }>`select count(*) as n, min(create_at) as oldest
    from ${byId(database, table)} where id > ${upto}`.execute(database.db);
  const n = Number(tail.n);
  await moveIfLong(database, name, upto, n, now);
  const slots = await stored(database, name, upto);
  // Among the stored rows: the tail's are all newer than the quarter hour found (checked below).
  const target = offset - n;
  if (!slots || target < 0) return undefined;
  const i = lastAtMost(slots.newer, target);
  if (i < 0 || target >= slots.newer[i] + slots.value[i]) return undefined;
  const before = slots.part[i] + SLOT_MS;
  // A row of the tail among the older ones (written late with an earlier time): read the plain way.
  if (tail.oldest !== null && Number(tail.oldest) < before) return undefined;
  return { before, skip: target - slots.newer[i] };
}

/** The stored counts for this upto_id; undefined when the rollup has moved on meanwhile. */
async function stored(database: Database, name: RollupName, upto: number): Promise<Slots | undefined> {
  const mine = slotsOf.get(database) ?? new Map<RollupName, Slots>();
  slotsOf.set(database, mine);
  const known = mine.get(name);
  if (known?.upto === upto) return known;
  // upto_id and the parts read by one statement: they belong together.
  const { rows } = await sql<{ upto: number; part: number; value: number }>`select r.upto_id as upto, p.part, p.value
    from stat_rollups r join stat_parts p on p.name = ${`${name}/slot`} where r.name = ${name} order by p.part desc`.execute(database.db);
  if (!rows.length || Number(rows[0].upto) !== upto) return undefined;
  const slots: Slots = { upto, part: [], value: [], newer: [] };
  let newer = 0;
  for (const row of rows) {
    slots.part.push(Number(row.part));
    slots.value.push(Number(row.value));
    slots.newer.push(newer);
    newer += Number(row.value);
  }
  mine.set(name, slots);
  return slots;
}

/** The last index whose value is at most `x`, in an ascending array (-1 if none). */
function lastAtMost(values: number[], x: number): number {
  let [lo, hi] = [0, values.length - 1];
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] <= x) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}
