import { api } from '../../providers/http';

/** What a bulk change sets on every ticked product: on sale or off, or a price in dollars. */
export type BulkChange = { on_sale: boolean } | { price: number };

/** All the ticked products change, or none (the server's one transaction); it answers how many. */
export function changeGoods(ids: Array<string | number>, change: BulkChange) {
  return api.post<{ changed: number }>('/api/goods/bulk', { ids, ...change });
}
