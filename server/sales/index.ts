import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { autoRefundJob } from './auto-refund.js';
import { registerLinkSaleRoutes } from './link.routes.js';
import { registerOrderRoutes } from './order.routes.js';

/** Buying (orders, the debit, the links), renewals and refunds. */
export const sales: Area<ResourceName> = {
  install(app, ctx) {
    registerOrderRoutes(app, ctx);
    registerLinkSaleRoutes(app, ctx);
  },
  jobs: [autoRefundJob],
};

// A purchase and 再次使用此号码, for the protocols that sell (server/fivesim).
export { buy, type Purchase, type PurchaseRead } from './buy.js';
export { reuseLink, reuseCheck } from './reuse.js';
export { cancelLink } from './cancel.js';
export { registerSource, type GoodsRow, type Settle, type Source, stockExcept } from './acquire.js';
export { refundLink, type MoneyAudit } from './refund.js';
// What the rentals area sells and refunds through: its source, order numbers (续租's orders).
export { stockForRent } from './acquire.js';
export { orderNo, placeholderNo } from './order-no.js';
