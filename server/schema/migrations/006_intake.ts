import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * Code intake: devices (phones running SmsForwarder, modem pools) whose webhook URL carries a public
 * key and whose secret signs their requests; it is kept encrypted (server/platform/lib/secret-box.ts), as
 * the HMAC needs it in the clear. Messages learn their slot and their identity for deduplication
 * (server/codes/dedupe.ts): `exact_key` unique, so two copies arriving at once cannot both be stored.
 */
export function intake(dialect: Dialect) {
  const { big, id } = columnTypes(dialect);

  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable('devices'))
        .addColumn('name', 'varchar(50)', (c: any) => c.notNull())
        .addColumn('key', 'varchar(64)', (c: any) => c.notNull().unique())
        .addColumn('secret_enc', 'varchar(255)', (c: any) => c.notNull())
        .addColumn('sim1', 'varchar(32)')
        .addColumn('sim2', 'varchar(32)')
        .addColumn('enabled', 'integer', (c: any) => c.notNull().defaultTo(1))
        .addColumn('remark', 'varchar(255)')
        .addColumn('last_seen_at', big)
        .addColumn('message_count', big, (c: any) => c.notNull().defaultTo(0))
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('devices_last_seen_at').on('devices').column('last_seen_at').execute();

      await db.schema.alterTable('messages').addColumn('slot', 'integer').execute();
      // Whether it reached a link: the inbox's filter (token_id names only the first link).
      await db.schema
        .alterTable('messages')
        .addColumn('matched', 'integer', (c: any) => c.notNull().defaultTo(0))
        .execute();
      await db.updateTable('messages').set({ matched: 1 }).where('token_id', 'is not', null).execute();
      await db.schema.alterTable('messages').addColumn('fingerprint', 'varchar(64)').execute();
      await db.schema.alterTable('messages').addColumn('exact_key', 'varchar(80)').execute();
      await db.schema.createIndex('messages_exact_key').on('messages').column('exact_key').unique().execute();
      await db.schema.createIndex('messages_fingerprint_received_at').on('messages').columns(['fingerprint', 'received_at']).execute();
      await db.schema.createIndex('messages_device_id_create_at').on('messages').columns(['device_id', 'create_at']).execute();
      await db.schema.createIndex('messages_matched_create_at').on('messages').columns(['matched', 'create_at']).execute();
      // The SMTP receiver asks at every RCPT whether an address is a mailbox in stock.
      await db.schema.createIndex('stock_items_ident_key').on('stock_items').column('ident_key').execute();
      await db.schema.createIndex('messages_source_create_at').on('messages').columns(['source', 'create_at']).execute();
    },
  };
}
