import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * Two-step login and the login history. `user_totp`: one row per account that started a setup; the
 * TOTP secret is sealed (the server computes codes from it), `pending_secret` holds one being set up
 * until a code confirms it, `last_step` the newest 30 s step a code was accepted for (a code is good
 * once). `totp_recovery_codes`: ten per enabling, SHA-256 only, each spent once. `login_history`:
 * every checked login attempt at an existing account, success or not.
 */
export function totp(dialect: Dialect) {
  const { big, id } = columnTypes(dialect);

  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('user_totp')
        .addColumn('user_id', big, (c: any) => c.primaryKey().references('users.id'))
        .addColumn('secret', 'varchar(255)')
        .addColumn('pending_secret', 'varchar(255)')
        .addColumn('enabled_at', big)
        .addColumn('last_step', big)
        .addColumn('update_at', big, (c: any) => c.notNull())
        .execute();

      await id(db.schema.createTable('totp_recovery_codes'))
        .addColumn('user_id', big, (c: any) => c.notNull().references('users.id'))
        .addColumn('code_hash', 'varchar(64)', (c: any) => c.notNull())
        .addColumn('used_at', big)
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('totp_recovery_codes_user').on('totp_recovery_codes').columns(['user_id', 'code_hash']).execute();

      await id(db.schema.createTable('login_history'))
        .addColumn('user_id', big, (c: any) => c.notNull().references('users.id'))
        .addColumn('ip', 'varchar(64)')
        .addColumn('success', 'integer', (c: any) => c.notNull())
        // Why a failure failed: password, totp, disabled.
        .addColumn('reason', 'varchar(16)')
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('login_history_user').on('login_history').columns(['user_id', 'id']).execute();
    },
  };
}
