import { fail } from '../platform/http/envelope.js';
import type { ResourceHooks } from '../platform/crud/hooks.js';
import { adjustStock } from './stock-import.js';

/** Only items nobody holds may be deleted; the product's available counter follows. */
export const stockHooks: ResourceHooks = {
  async beforeDel(ids, { trx }) {
    const held = await trx
      .selectFrom('stock_items')
      .select('identifier')
      .where('id', 'in', ids)
      .where('state', '=', 'sold')
      .executeTakeFirst();
    if (held) throw fail.conflict(`${held.identifier} 已售出，不能删除`);
    const available = await trx
      .selectFrom('stock_items')
      .select(['goods_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('id', 'in', ids)
      .where('state', '=', 'available')
      .groupBy('goods_id')
      .execute();
    for (const row of available) await adjustStock(trx, Number(row.goods_id), -Number(row.n));
  },
};
