import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';

/**
 * Written by `npm run db:migration` from the declaration (resources.config.ts): notices.audience.
 */
export function noticeAudience(dialect: Dialect) {
  void dialect;
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('notices')
        .addColumn('audience', 'varchar(16)', (c: any) => c.notNull().defaultTo('customer'))
        .execute();
    },
  };
}
