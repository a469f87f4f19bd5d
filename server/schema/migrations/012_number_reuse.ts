import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';

/**
 * `goods.reuse_minutes`: how long after a 号码's last code its customer may take the same number
 * again (再次使用此号码, the protocol's getExtraActivation) as a new purchase; 0 turns it off.
 */
export function numberReuse(_dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('goods')
        .addColumn('reuse_minutes', 'integer', (c: any) => c.notNull().defaultTo(20))
        .execute();
    },
  };
}
