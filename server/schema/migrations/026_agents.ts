import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * Selling idle numbers to aggregators over the SMSHUB agent protocol (docs/agents.md):
 * - `aggregators`: each one the sup connects (its key sealed, where its SMS are pushed, how its pushes
 *   are going: `push_error`, `failing_since`).
 * - `agent_activations`: a number handed to an aggregator (its stock item taken from stock like a
 *   sale), until the aggregator finishes it (status).
 * - `agent_pushes`: each SMS to a number an aggregator holds, queued in the SMS's own transaction and
 *   pushed until the aggregator answers SUCCESS; one per aggregator and message.
 * - products gain what they are offered as (`agent_*`); a stock item counts its hand-outs (at most four).
 */
export function agents(dialect: Dialect) {
  const { big, id } = columnTypes(dialect);
  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable('aggregators'))
        .addColumn('name', 'varchar(50)', (c: any) => c.notNull())
        .addColumn('protocol', 'varchar(16)', (c: any) => c.notNull().defaultTo('smshub'))
        .addColumn('key', 'text', (c: any) => c.notNull())
        .addColumn('push_url', 'varchar(255)', (c: any) => c.notNull())
        .addColumn('enabled', 'integer', (c: any) => c.notNull().defaultTo(1))
        .addColumn('rub_rate', 'integer', (c: any) => c.notNull().defaultTo(9000))
        .addColumn('remark', 'varchar(255)')
        .addColumn('last_call_at', big)
        .addColumn('push_error', 'varchar(255)')
        .addColumn('failing_since', big)
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('aggregators_name_unique').on('aggregators').column('name').unique().execute();

      await id(db.schema.createTable('agent_activations'))
        .addColumn('aggregator_id', big, (c: any) => c.notNull())
        .addColumn('goods_id', big, (c: any) => c.notNull())
        .addColumn('stock_item_id', big, (c: any) => c.notNull())
        .addColumn('identifier', 'varchar(64)', (c: any) => c.notNull())
        .addColumn('ident_key', 'varchar(64)', (c: any) => c.notNull())
        .addColumn('service', 'varchar(32)', (c: any) => c.notNull())
        .addColumn('country', 'varchar(32)', (c: any) => c.notNull())
        .addColumn('operator', 'varchar(32)', (c: any) => c.notNull())
        .addColumn('sum', big, (c: any) => c.notNull())
        .addColumn('currency', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('amount', big, (c: any) => c.notNull())
        .addColumn('status', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('sms_count', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('create_at', big, (c: any) => c.notNull())
        .addColumn('finish_at', big)
        .execute();
      await db.schema.createIndex('agent_activations_aggregator').on('agent_activations').columns(['aggregator_id', 'status']).execute();
      await db.schema.createIndex('agent_activations_number').on('agent_activations').columns(['ident_key', 'status']).execute();
      await db.schema.createIndex('agent_activations_item').on('agent_activations').column('stock_item_id').execute();
      await db.schema.createIndex('agent_activations_finish').on('agent_activations').columns(['status', 'finish_at']).execute();

      await id(db.schema.createTable('agent_pushes'))
        .addColumn('aggregator_id', big, (c: any) => c.notNull())
        .addColumn('activation_id', big, (c: any) => c.notNull())
        .addColumn('message_id', big, (c: any) => c.notNull())
        // pending, sent, failed
        .addColumn('state', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('attempts', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('next_at', big, (c: any) => c.notNull())
        .addColumn('last_error', 'varchar(255)')
        .addColumn('create_at', big, (c: any) => c.notNull())
        .addColumn('sent_at', big)
        .execute();
      await db.schema.createIndex('agent_pushes_once').on('agent_pushes').columns(['aggregator_id', 'message_id']).unique().execute();
      await db.schema.createIndex('agent_pushes_due').on('agent_pushes').columns(['state', 'next_at']).execute();

      await db.schema
        .alterTable('goods')
        .addColumn('agent_sell', 'integer', (c: any) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('goods').addColumn('agent_service', 'varchar(32)').execute();
      await db.schema.alterTable('goods').addColumn('agent_country', 'varchar(32)').execute();
      await db.schema
        .alterTable('goods')
        .addColumn('agent_operator', 'varchar(32)', (c: any) => c.notNull().defaultTo('any'))
        .execute();
      await db.schema
        .alterTable('goods')
        .addColumn('agent_min_sum', big, (c: any) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('stock_items')
        .addColumn('agent_handouts', 'integer', (c: any) => c.notNull().defaultTo(0))
        .execute();
      // The oldest available items of a product (the store's purchase and an aggregator's GET_NUMBER).
      await db.schema.createIndex('stock_items_goods_state').on('stock_items').columns(['goods_id', 'state', 'id']).execute();
    },
  };
}
