import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * Parts of the rolled-up statistics (server/stats/rollup.ts): beside a rollup's all-time total up to
 * an id, the same rows summed per quarter hour of their time (the platform's "today" and "this
 * month" without reading a month of ledger rows) and per user (a customer's all-time figures).
 */
export function statParts(dialect: Dialect) {
  const { big } = columnTypes(dialect);

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('stat_parts')
        // `<rollup>/slot` (part: the slot's first ms) or `<rollup>/user` (part: the user's id).
        .addColumn('name', 'varchar(64)', (c: any) => c.notNull())
        .addColumn('part', big, (c: any) => c.notNull())
        .addColumn('value', big, (c: any) => c.notNull())
        .addPrimaryKeyConstraint('stat_parts_pk', ['name', 'part'])
        .execute();
      // The parts belong to the totals stored so far: both start again from the rows themselves.
      await db.deleteFrom('stat_rollups').execute();
    },
  };
}
