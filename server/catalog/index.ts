import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { goodsHooks } from './goods-hooks.js';
import { stockHooks } from './stock-hooks.js';
import { registerStockRoutes } from './stock.routes.js';
import { registerGoodsBulkRoutes } from './goods-bulk.routes.js';

/** The products (商品) and their stock of numbers and mailboxes. */
export const catalog: Area<ResourceName> = {
  install: (app, ctx) => {
    registerStockRoutes(app, ctx);
    registerGoodsBulkRoutes(app, ctx);
  },
  hooks: { goods: goodsHooks, stock: stockHooks },
};
export { identKey, MAX_LINES as MAX_STOCK_LINES } from './stock-lines.js';
