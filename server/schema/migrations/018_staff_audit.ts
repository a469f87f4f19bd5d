import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * Staff roles and the audit trail. `users.role`: a sup's staff role; every sup that exists is an
 * owner (before roles, every sup could do everything). `audit`: one row per audited action, never
 * updated or deleted (on PostgreSQL a trigger refuses both); `hash` covers `prev_hash` (the previous
 * row's hash) and the row's content.
 */
export function staffAudit(dialect: Dialect) {
  const { big, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('role', 'varchar(16)').execute();
      await db.updateTable('users').set({ role: 'owner' }).where('type', '=', 'sup').execute();

      await id(db.schema.createTable('audit'))
        .addColumn('actor_id', big)
        .addColumn('actor_name', 'varchar(64)', (c: any) => c.notNull())
        .addColumn('manager_id', big)
        .addColumn('manager_name', 'varchar(64)')
        .addColumn('action', 'varchar(32)', (c: any) => c.notNull())
        .addColumn('category', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('target_type', 'varchar(32)')
        .addColumn('target_id', big)
        .addColumn('summary', 'varchar(500)', (c: any) => c.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('ip', 'varchar(64)')
        .addColumn('create_at', big, (c: any) => c.notNull())
        .addColumn('prev_hash', 'varchar(64)', (c: any) => c.notNull())
        .addColumn('hash', 'varchar(64)', (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_create').on('audit').columns(['create_at', 'id']).execute();
      await db.schema.createIndex('audit_actor').on('audit').columns(['actor_id', 'id']).execute();
      await db.schema.createIndex('audit_category').on('audit').columns(['category', 'id']).execute();
      // PostgreSQL refuses any UPDATE or DELETE of a row outright (the chain would show it anyway; this
      // stops it from happening through the application's own connection).
      if (dialect === 'postgres') {
        await sql`CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION 'audit rows are append-only'; END $$`.execute(db);
        await sql`CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON audit
          FOR EACH ROW EXECUTE FUNCTION audit_append_only()`.execute(db);
      }
    },
  };
}
