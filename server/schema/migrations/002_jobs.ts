import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';

/** Leases for background work: one process at a time runs each job (see server/platform/jobs/lease.ts). */
export function jobs(dialect: Dialect) {
  const big = dialect === 'postgres' ? 'bigint' : 'integer';
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('job_leases')
        .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('owner', 'varchar(64)', (c) => c.notNull())
        .addColumn('expires_at', big, (c) => c.notNull())
        .execute();
    },
  };
}
