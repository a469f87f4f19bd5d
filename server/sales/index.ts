import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { autoRefundJob } from './auto-refund.js';
import { registerLinkSaleRoutes } from './link.routes.js';
import { registerOrderRoutes } from './order.routes.js';
import { registerRentRoutes } from './rent.routes.js';

/** Buying (orders, the debit, the links), renewals and refunds. */
export const sales: Area<ResourceName> = {
  install(app, ctx) {
    registerOrderRoutes(app, ctx);
    registerLinkSaleRoutes(app, ctx);
    registerRentRoutes(app, ctx);
  },
  jobs: [autoRefundJob],
};
