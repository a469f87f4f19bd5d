import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';

/**
 * PostgreSQL's TRUNCATE fires no row trigger, so 018's append-only trigger let it empty the audit
 * trail: a statement trigger refuses it as UPDATE and DELETE are refused. SQLite has no TRUNCATE.
 */
export function auditNoTruncate(dialect: Dialect) {
  return {
    async up(db: Kysely<any>) {
      if (dialect !== 'postgres') return;
      await sql`CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit
        FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only()`.execute(db);
    },
  };
}
