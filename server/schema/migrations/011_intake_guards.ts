import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * What keeps a device to its own numbers and its signatures to one message each:
 * - `stock_items.device_id`: the device a stock number is bound to; only that device (or one whose
 *   SIM slot holds the number) may deliver to it.
 * - `webhook_stamps`: each signed (device, timestamp) pair with the fingerprint of the one message it
 *   carried, kept while the timestamp is within the allowed skew; the same pair with another message
 *   is a replay.
 * - `devices.clock_offset_ms`: how far the phone's local clock reads from the business time zone,
 *   learned from its messages (a phone abroad shows its own zone's time); `clock_skew_ms`: how far its
 *   absolute clock was from the server's at its last message.
 */
export function intakeGuards(dialect: Dialect) {
  const { big } = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('stock_items').addColumn('device_id', 'integer').execute();
      await db.schema.alterTable('devices').addColumn('clock_offset_ms', big).execute();
      await db.schema.alterTable('devices').addColumn('clock_skew_ms', big).execute();
      await db.schema
        .createTable('webhook_stamps')
        .addColumn('device_id', 'integer', (c: any) => c.notNull())
        .addColumn('stamp', big, (c: any) => c.notNull())
        .addColumn('fingerprint', 'varchar(64)', (c: any) => c.notNull())
        .addPrimaryKeyConstraint('webhook_stamps_pk', ['device_id', 'stamp'])
        .execute();
      await db.schema.createIndex('webhook_stamps_stamp').on('webhook_stamps').column('stamp').execute();
    },
  };
}
