import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * The Telegram bot (server/telegram):
 * - `telegram_bindings`: the one chat each account is told in, what it chose to be told, and the
 *   customer's low-balance threshold (cents, 0: off). A chat serves one account.
 * - `telegram_bind_codes`: one-time binding codes, only their SHA-256 kept, short-lived.
 * - `telegram_outbox`: messages waiting to be sent (written by jobs, never by intake), removed once sent.
 * - `telegram_alerts`: the conditions already told (a silent device, a low product...), so each is told
 *   once until it clears.
 * - `telegram_state`: small counters (the update offset, the code-record cursor).
 * - `goods.stock_alert`: tell the sup when available stock falls below it (0: off);
 *   `providers.balance_alert`: the same for an upstream provider's balance (hundredths, 0: off).
 */
export function telegram(dialect: Dialect) {
  const { big, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('telegram_bindings')
        .addColumn('user_id', big, (c: any) => c.primaryKey().references('users.id'))
        .addColumn('chat_id', big, (c: any) => c.notNull().unique())
        .addColumn('chat_title', 'varchar(255)', (c: any) => c.notNull())
        .addColumn('events', 'varchar(255)', (c: any) => c.notNull())
        .addColumn('balance_threshold', big, (c: any) => c.notNull().defaultTo(0))
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema
        .createTable('telegram_bind_codes')
        .addColumn('code_hash', 'varchar(64)', (c: any) => c.primaryKey())
        .addColumn('user_id', big, (c: any) => c.notNull().references('users.id'))
        .addColumn('expires_at', big, (c: any) => c.notNull())
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('telegram_bind_codes_user').on('telegram_bind_codes').column('user_id').execute();
      await id(db.schema.createTable('telegram_outbox'))
        .addColumn('chat_id', big, (c: any) => c.notNull())
        .addColumn('text', 'text', (c: any) => c.notNull())
        .addColumn('attempts', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('next_at', big, (c: any) => c.notNull())
        .addColumn('last_error', 'varchar(255)')
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('telegram_outbox_next').on('telegram_outbox').column('next_at').execute();
      await db.schema
        .createTable('telegram_alerts')
        .addColumn('key', 'varchar(100)', (c: any) => c.primaryKey())
        .addColumn('told_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema
        .createTable('telegram_state')
        .addColumn('name', 'varchar(64)', (c: any) => c.primaryKey())
        .addColumn('value', big, (c: any) => c.notNull())
        .execute();
      // Codes are told from now on, never the history.
      const top = (await db
        .selectFrom('code_records')
        .select((eb: any) => eb.fn.max('id').as('id'))
        .executeTakeFirst()) as { id: number | null } | undefined;
      await db
        .insertInto('telegram_state')
        .values({ name: 'code_cursor', value: Number(top?.id ?? 0) })
        .execute();
      await db.schema
        .alterTable('goods')
        .addColumn('stock_alert', 'integer', (c: any) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('providers')
        .addColumn('balance_alert', big, (c: any) => c.notNull().defaultTo(0))
        .execute();
    },
  };
}
