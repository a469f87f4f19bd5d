import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * Customer webhooks (server/webhooks):
 * - `webhook_endpoints`: one per customer: the URL, on/off, the signing secret sealed like providers'
 *   keys (it must be used in the clear to sign), its last characters to tell it by, when the endpoint
 *   was paused after a delivery's last failed try, and the last attempt's outcome.
 * - `webhook_deliveries`: the outbox and the delivery log at once: one row per event, written in the
 *   transaction that gives a link its code, then tried by the delivery job until a 2xx or the last
 *   try. `next_at` is when it is due (also pushed ahead while one process holds it, so no other takes
 *   it); null once it is done. `manual` marks a test or a replay: one try, and no pause when it fails.
 */
export function webhooks(dialect: Dialect) {
  const { big, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable('webhook_endpoints'))
        .addColumn('user_id', big, (c: any) => c.notNull().unique().references('users.id'))
        .addColumn('url', 'varchar(1000)', (c: any) => c.notNull())
        .addColumn('enabled', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('secret', 'varchar(512)', (c: any) => c.notNull())
        .addColumn('secret_hint', 'varchar(8)', (c: any) => c.notNull())
        .addColumn('paused_at', big)
        .addColumn('last_status', 'varchar(16)')
        .addColumn('last_error', 'varchar(500)')
        .addColumn('last_at', big)
        .addColumn('create_at', big, (c: any) => c.notNull())
        .addColumn('update_at', big, (c: any) => c.notNull())
        .execute();

      await id(db.schema.createTable('webhook_deliveries'))
        .addColumn('user_id', big, (c: any) => c.notNull())
        .addColumn('event_id', 'varchar(64)', (c: any) => c.notNull().unique())
        .addColumn('event', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('token_id', big)
        .addColumn('code', 'varchar(32)')
        .addColumn('text', 'text')
        .addColumn('received_at', big)
        .addColumn('url', 'varchar(1000)', (c: any) => c.notNull())
        .addColumn('attempt', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('status', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('manual', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('http_status', 'integer')
        .addColumn('error', 'varchar(500)')
        .addColumn('next_at', big)
        .addColumn('delivered_at', big)
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      // The job's question (what is due), and a customer's log newest first (the list sorts by id).
      await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_at']).execute();
      await db.schema.createIndex('webhook_deliveries_user').on('webhook_deliveries').columns(['user_id', 'id']).execute();
    },
  };
}
