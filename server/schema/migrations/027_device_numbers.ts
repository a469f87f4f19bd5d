import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * `device_numbers`: one row per phone number in stock (whichever products hold it), what is known of
 * where it lives (server/intake/numbers): the device and SIM slot holding it (`device_id` kept equal
 * to its stock items' `device_id`), whether an SMS proved it (`state`: unconfirmed, checking,
 * confirmed; `confirmed_at`), the pending check's code (`check_code`, unique while held, and
 * `check_at`), its last received SMS (`last_sms_at`), and when its SIM lapses (`expire_at`, moved to
 * at least receive time + `keep_days` by each SMS when `keep_days` is set).
 *
 * Filled from what is known now: every phone number in stock with its bound device, and the numbers
 * the sup typed into a device's SIM slots (slot known, not proved).
 */
export function deviceNumbers(dialect: Dialect) {
  const { big, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable('device_numbers'))
        .addColumn('ident_key', 'varchar(64)', (c: any) => c.notNull())
        .addColumn('identifier', 'varchar(64)', (c: any) => c.notNull())
        .addColumn('device_id', big)
        .addColumn('slot', 'varchar(32)')
        .addColumn('state', 'varchar(16)', (c: any) => c.notNull().defaultTo('unconfirmed'))
        .addColumn('confirmed_at', big)
        .addColumn('check_code', 'varchar(16)')
        .addColumn('check_at', big)
        .addColumn('last_sms_at', big)
        .addColumn('expire_at', big)
        .addColumn('keep_days', 'integer')
        .addColumn('remark', 'varchar(255)')
        .addColumn('create_at', big, (c: any) => c.notNull())
        .addColumn('update_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('device_numbers_ident_key_unique').on('device_numbers').column('ident_key').unique().execute();
      await db.schema.createIndex('device_numbers_check_code_unique').on('device_numbers').column('check_code').unique().execute();
      await db.schema.createIndex('device_numbers_device_id').on('device_numbers').columns(['device_id', 'id']).execute();
      await db.schema.createIndex('device_numbers_expire_at').on('device_numbers').column('expire_at').execute();

      const now = Date.now();
      const stocked = await db
        .selectFrom('stock_items')
        .select((eb: any) => ['ident_key', eb.fn.min('identifier').as('identifier'), eb.fn.max('device_id').as('device_id')])
        .where('ident_key', 'not like', '%@%')
        .where('ident_key', '!=', '')
        .groupBy('ident_key')
        .execute();
      for (let i = 0; i < stocked.length; i += 500) {
        const rows = stocked.slice(i, i + 500).map((r: any) => ({
          ident_key: r.ident_key,
          identifier: r.identifier,
          device_id: r.device_id === null ? null : Number(r.device_id),
          create_at: now,
          update_at: now,
        }));
        await db.insertInto('device_numbers').values(rows).execute();
      }

      // A number the sup typed into a slot: that slot (not proved by an SMS yet).
      const devices = await db.selectFrom('devices').select(['id', 'sim1', 'sim2']).execute();
      for (const d of devices) {
        for (const [slot, number] of [
          ['1', d.sim1],
          ['2', d.sim2],
        ] as const) {
          const key = String(number ?? '').replace(/[^\d]/g, '');
          if (!key) continue;
          await db
            .updateTable('device_numbers')
            .set({ slot, device_id: Number(d.id), update_at: now })
            .where('ident_key', '=', key)
            .where((eb: any) => eb.or([eb('device_id', 'is', null), eb('device_id', '=', Number(d.id))]))
            .execute();
          // Its stock follows (the device already held it in that slot: nothing else may deliver to it).
          await db
            .updateTable('stock_items')
            .set({ device_id: Number(d.id) })
            .where('ident_key', '=', key)
            .where('device_id', 'is', null)
            .execute();
        }
      }
    },
  };
}
