import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { registerUsdtAdminRoutes } from './usdt/admin.routes.js';
import { registerUsdtRoutes } from './usdt/routes.js';
import { usdtWatcher } from './usdt/watcher.js';

/** Balances and their ledger, manual credits, USDT top-ups (pay orders, the TronGrid watcher). */
export const finance: Area<ResourceName> = {
  install(app, ctx) {
    registerUsdtRoutes(app, ctx);
    registerUsdtAdminRoutes(app, ctx);
  },
  jobs: [usdtWatcher],
};
