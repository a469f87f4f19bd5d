import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/** Users, sessions, notices, settings, ledger, recharge records and rate-limit windows. */
export function foundation(dialect: Dialect) {
  const { big, id } = columnTypes(dialect);

  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable('users'))
        .addColumn('username', 'varchar(32)', (c: any) => c.notNull().unique())
        .addColumn('password_hash', 'varchar(255)', (c: any) => c.notNull())
        .addColumn('type', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('status', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('balance', big, (c: any) => c.notNull().defaultTo(0))
        .addColumn('email', 'varchar(100)')
        .addColumn('tg', 'varchar(64)')
        .addColumn('group_id', big)
        .addColumn('create_at', big, (c: any) => c.notNull())
        .addColumn('update_at', big, (c: any) => c.notNull())
        .addColumn('login_at', big)
        .addColumn('login_count', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('login_ip', 'varchar(64)')
        .execute();
      await db.schema.createIndex('users_create_at').on('users').column('create_at').execute();

      await id(db.schema.createTable('sessions'))
        .addColumn('user_id', big, (c: any) => c.notNull().references('users.id'))
        .addColumn('token_hash', 'char(64)', (c: any) => c.notNull().unique())
        .addColumn('prev_token_hash', 'char(64)')
        .addColumn('prev_valid_until', big)
        .addColumn('manager_id', big)
        .addColumn('issued_at', big, (c: any) => c.notNull())
        .addColumn('expires_at', big, (c: any) => c.notNull())
        .addColumn('revoked_at', big)
        .addColumn('ip', 'varchar(64)')
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_prev').on('sessions').column('prev_token_hash').execute();

      await id(db.schema.createTable('notices'))
        .addColumn('title', 'varchar(100)', (c: any) => c.notNull())
        .addColumn('content', 'text', (c: any) => c.notNull())
        .addColumn('popup', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('day', 'integer', (c: any) => c.notNull().defaultTo(1))
        .addColumn('create_at', big, (c: any) => c.notNull())
        .addColumn('update_at', big, (c: any) => c.notNull())
        .execute();

      await db.schema
        .createTable('settings')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('update_at', big, (c) => c.notNull())
        .execute();

      await id(db.schema.createTable('ledger'))
        .addColumn('user_id', big, (c: any) => c.notNull().references('users.id'))
        .addColumn('type', 'varchar(32)', (c: any) => c.notNull())
        .addColumn('amount', big, (c: any) => c.notNull())
        .addColumn('balance_before', big, (c: any) => c.notNull())
        .addColumn('balance_after', big, (c: any) => c.notNull())
        .addColumn('ref_type', 'varchar(32)')
        .addColumn('ref_id', big)
        .addColumn('remark', 'varchar(255)')
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('ledger_user').on('ledger').columns(['user_id', 'id']).execute();

      await id(db.schema.createTable('recharges'))
        .addColumn('user_id', big, (c: any) => c.notNull().references('users.id'))
        .addColumn('type', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('amount', big, (c: any) => c.notNull())
        .addColumn('remark', 'varchar(255)')
        .addColumn('operator_id', big)
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('recharges_user').on('recharges').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('recharges_create_at').on('recharges').column('create_at').execute();

      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'varchar(128)', (c) => c.primaryKey())
        .addColumn('window_start', big, (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();
    },
  };
}
