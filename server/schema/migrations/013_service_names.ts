import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * `service_names`: the names a service code (tg, wa …) goes by in the SMS-Activate protocol's
 * getServicesList, set once per code by the sup (one code spans many products): English, and
 * Chinese for `lang=cn`. A code without a row uses the built-in names (server/sms-activate/names.ts).
 */
export function serviceNames(dialect: Dialect) {
  const { big, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable('service_names'))
        .addColumn('service', 'varchar(32)', (c: any) => c.notNull().unique())
        .addColumn('name', 'varchar(50)', (c: any) => c.notNull())
        .addColumn('name_cn', 'varchar(50)')
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
    },
  };
}
