import type { Kysely } from 'kysely';
import type { Dialect } from '../../platform/db/connection.js';
import { columnTypes } from '../../platform/db/column-types.js';

/**
 * The business: groups, discounts, products, stock, orders, API links (tokens), code, reset and
 * augment records, and every inbound message. Indexes follow the declared filters and sorts of
 * resources.config.ts and the hot lookups (a link by its token, the armed links of an identifier,
 * the sweeps' due links).
 */
export function commerce(dialect: Dialect) {
  const { big, id } = columnTypes(dialect);
  const index = (db: Kysely<any>, table: string, columns: string[], name = `${table}_${columns.join('_')}`) =>
    db.schema.createIndex(name).on(table).columns(columns).execute();

  return {
    async up(db: Kysely<any>) {
      await id(db.schema.createTable('groups'))
        .addColumn('name', 'varchar(50)', (c: any) => c.notNull().unique())
        // Hundredths: 85 is a rate of 0.85.
        .addColumn('rate', 'integer', (c: any) => c.notNull())
        .addColumn('is_default', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('remark', 'varchar(255)')
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      // At most one default group, whatever races; "at least one" is the hooks' rule.
      await db.schema.createIndex('groups_one_default').on('groups').column('is_default').unique().where('is_default', '=', 1).execute();
      await index(db, 'groups', ['sort']);
      const now = Date.now();
      await db.insertInto('groups').values({ name: '默认分组', rate: 100, is_default: 1, sort: 0, remark: null, create_at: now }).execute();
      const fallback = await db.selectFrom('groups').select('id').where('is_default', '=', 1).executeTakeFirstOrThrow();
      await db.updateTable('users').set({ group_id: fallback.id }).where('group_id', 'is', null).execute();
      await index(db, 'users', ['group_id']);

      await id(db.schema.createTable('goods'))
        .addColumn('title', 'varchar(100)', (c: any) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('channel', 'varchar(8)', (c: any) => c.notNull())
        .addColumn('service', 'varchar(32)', (c: any) => c.notNull())
        .addColumn('country', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('price', big, (c: any) => c.notNull())
        .addColumn('valid_hours', 'integer', (c: any) => c.notNull())
        .addColumn('receive_limit', 'integer', (c: any) => c.notNull().defaultTo(1))
        .addColumn('reset_limit', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('renew_price', big, (c: any) => c.notNull().defaultTo(0))
        .addColumn('code_wait_minutes', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('min_qty', 'integer', (c: any) => c.notNull().defaultTo(1))
        .addColumn('max_qty', 'integer', (c: any) => c.notNull().defaultTo(100))
        .addColumn('on_sale', 'integer', (c: any) => c.notNull().defaultTo(1))
        .addColumn('sort', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('source', 'varchar(16)', (c: any) => c.notNull().defaultTo('stock'))
        .addColumn('match_sender', 'varchar(255)')
        .addColumn('match_keyword', 'varchar(255)')
        // Kept up to date by the transactions that change them (import, buy, disable/enable, delete).
        .addColumn('stock', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('sold', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('create_at', big, (c: any) => c.notNull())
        .addColumn('update_at', big, (c: any) => c.notNull())
        .execute();
      await index(db, 'goods', ['sort', 'id']);
      await index(db, 'goods', ['on_sale', 'sort']);

      await id(db.schema.createTable('discounts'))
        .addColumn('user_id', big, (c: any) => c.notNull().references('users.id'))
        .addColumn('goods_id', big, (c: any) => c.references('goods.id'))
        .addColumn('rate', 'integer')
        .addColumn('price', big)
        .addColumn('start_at', big)
        .addColumn('end_at', big)
        .addColumn('remark', 'varchar(255)')
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await index(db, 'discounts', ['user_id', 'goods_id']);
      await index(db, 'discounts', ['goods_id']);

      await id(db.schema.createTable('stock_items'))
        .addColumn('goods_id', big, (c: any) => c.notNull().references('goods.id'))
        .addColumn('identifier', 'varchar(128)', (c: any) => c.notNull())
        // The identifier as messages name it: a phone's digits, a mailbox in lower case.
        .addColumn('ident_key', 'varchar(128)', (c: any) => c.notNull())
        .addColumn('extra', 'varchar(1000)')
        .addColumn('state', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('token_id', big)
        .addColumn('create_at', big, (c: any) => c.notNull())
        .addColumn('update_at', big, (c: any) => c.notNull())
        .execute();
      await db.schema.createIndex('stock_items_goods_key').on('stock_items').columns(['goods_id', 'ident_key']).unique().execute();
      await index(db, 'stock_items', ['goods_id', 'state', 'id']);
      await index(db, 'stock_items', ['token_id']);

      await id(db.schema.createTable('orders'))
        .addColumn('order_no', 'varchar(32)', (c: any) => c.notNull().unique())
        .addColumn('user_id', big, (c: any) => c.notNull().references('users.id'))
        .addColumn('goods_id', big, (c: any) => c.notNull().references('goods.id'))
        .addColumn('token_id', big)
        .addColumn('type', 'varchar(8)', (c: any) => c.notNull())
        .addColumn('quantity', 'integer', (c: any) => c.notNull())
        .addColumn('base_price', big, (c: any) => c.notNull())
        .addColumn('unit_price', big, (c: any) => c.notNull())
        .addColumn('rate', 'integer')
        .addColumn('amount', big, (c: any) => c.notNull())
        .addColumn('refunded', big, (c: any) => c.notNull().defaultTo(0))
        .addColumn('state', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await index(db, 'orders', ['user_id', 'create_at', 'id']);
      await index(db, 'orders', ['create_at', 'id']);
      await index(db, 'orders', ['goods_id', 'create_at']);
      await index(db, 'orders', ['state', 'create_at']);
      await index(db, 'orders', ['type', 'create_at']);
      await index(db, 'orders', ['amount']);
      await index(db, 'orders', ['token_id']);

      await id(db.schema.createTable('tokens'))
        .addColumn('token', 'varchar(64)', (c: any) => c.notNull().unique())
        .addColumn('user_id', big, (c: any) => c.notNull().references('users.id'))
        .addColumn('goods_id', big, (c: any) => c.notNull().references('goods.id'))
        .addColumn('order_id', big, (c: any) => c.notNull().references('orders.id'))
        .addColumn('stock_item_id', big)
        .addColumn('identifier', 'varchar(128)', (c: any) => c.notNull())
        .addColumn('ident_key', 'varchar(128)', (c: any) => c.notNull())
        .addColumn('state', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('armed_at', big, (c: any) => c.notNull())
        .addColumn('expires_at', big, (c: any) => c.notNull())
        .addColumn('receive_limit', 'integer', (c: any) => c.notNull())
        .addColumn('reset_limit', 'integer', (c: any) => c.notNull())
        // Codes since the last arming (what the receive limit counts), and in the link's whole life.
        .addColumn('received', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('code_count', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('resets', 'integer', (c: any) => c.notNull().defaultTo(0))
        .addColumn('last_code', 'varchar(32)')
        .addColumn('last_text', 'text')
        .addColumn('last_code_at', big)
        // When the automatic refund falls due if no code came (null: the product has none).
        .addColumn('refund_at', big)
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await index(db, 'tokens', ['user_id', 'create_at', 'id']);
      await index(db, 'tokens', ['create_at', 'id']);
      await index(db, 'tokens', ['ident_key', 'state']);
      await index(db, 'tokens', ['state', 'expires_at']);
      await index(db, 'tokens', ['state', 'refund_at']);
      await index(db, 'tokens', ['goods_id', 'create_at']);
      await index(db, 'tokens', ['order_id']);
      await index(db, 'tokens', ['expires_at']);
      await index(db, 'tokens', ['last_code_at']);

      await id(db.schema.createTable('messages'))
        .addColumn('source', 'varchar(16)', (c: any) => c.notNull())
        .addColumn('device_id', big)
        .addColumn('sender', 'varchar(255)')
        .addColumn('recipient', 'varchar(255)')
        .addColumn('text', 'text', (c: any) => c.notNull())
        .addColumn('code', 'varchar(32)')
        .addColumn('token_id', big)
        // Why it matched no link (null when it did).
        .addColumn('reason', 'varchar(255)')
        .addColumn('received_at', big, (c: any) => c.notNull())
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await index(db, 'messages', ['create_at']);
      await index(db, 'messages', ['recipient']);
      await index(db, 'messages', ['token_id']);

      const record = (name: string) =>
        id(db.schema.createTable(name))
          .addColumn('token_id', big, (c: any) => c.notNull().references('tokens.id'))
          .addColumn('user_id', big, (c: any) => c.notNull().references('users.id'))
          .addColumn('goods_id', big, (c: any) => c.notNull())
          .addColumn('identifier', 'varchar(128)', (c: any) => c.notNull());
      await record('code_records')
        .addColumn('message_id', big)
        .addColumn('sender', 'varchar(255)')
        .addColumn('code', 'varchar(32)', (c: any) => c.notNull())
        .addColumn('text', 'text', (c: any) => c.notNull())
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await record('reset_records')
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      await record('augment_records')
        .addColumn('order_id', big, (c: any) => c.notNull().references('orders.id'))
        .addColumn('days', 'integer', (c: any) => c.notNull())
        .addColumn('amount', big, (c: any) => c.notNull())
        .addColumn('expires_before', big, (c: any) => c.notNull())
        .addColumn('expires_after', big, (c: any) => c.notNull())
        .addColumn('create_at', big, (c: any) => c.notNull())
        .execute();
      for (const table of ['code_records', 'reset_records', 'augment_records']) {
        await index(db, table, ['user_id', 'create_at', 'id']);
        await index(db, table, ['create_at', 'id']);
        await index(db, table, ['token_id']);
        await index(db, table, ['goods_id', 'create_at']);
      }
      await index(db, 'code_records', ['code']);
      await index(db, 'augment_records', ['order_id']);

      // Statistics: the platform's today and this month read the ledger by time, a customer's by
      // user and time, both without visiting the rows; all-time platform totals are rolled up.
      await index(db, 'ledger', ['create_at', 'type', 'amount']);
      await index(db, 'ledger', ['user_id', 'create_at', 'type', 'amount']);
      await db.schema
        .createTable('stat_rollups')
        .addColumn('name', 'varchar(64)', (c: any) => c.primaryKey())
        .addColumn('upto_id', big, (c: any) => c.notNull())
        .addColumn('value', big, (c: any) => c.notNull())
        .addColumn('update_at', big, (c: any) => c.notNull())
        .execute();
    },
  };
}
