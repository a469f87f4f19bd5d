import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { goodsHooks } from './goods-hooks.js';
import { stockHooks } from './stock-hooks.js';
import { registerStockRoutes } from './stock.routes.js';

/** The products (商品) and their stock of numbers and mailboxes. */
export const catalog: Area<ResourceName> = {
  install: registerStockRoutes,
  hooks: { goods: goodsHooks, stock: stockHooks },
};
