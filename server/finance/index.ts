import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { registerUsdtAdminRoutes } from './usdt/admin.routes.js';
import { registerUsdtRoutes } from './usdt/routes.js';
import { usdtWatcher } from './usdt/watcher.js';
import { evmWatchers } from './usdt/evm-watcher.js';
import { registerEpayAdminRoutes } from './epay/admin.routes.js';
import { registerEpayRoutes } from './epay/routes.js';
import { epayQueryJob } from './epay/query-job.js';
import { registerPayOptions } from './pay-options.js';

/** Balances and their ledger, manual credits, USDT top-ups (pay orders, the TronGrid watcher), 易支付 top-ups, what 账户充值 offers. */
export const finance: Area<ResourceName> = {
  install(app, ctx) {
    registerUsdtRoutes(app, ctx);
    registerUsdtAdminRoutes(app, ctx);
    registerEpayRoutes(app, ctx);
    registerEpayAdminRoutes(app, ctx);
    registerPayOptions(app, ctx);
  },
  jobs: [usdtWatcher, ...evmWatchers, epayQueryJob],
};
export { balanceMove, changeBalance, ledgerOfMove, refused as balanceRefused } from './ledger.js';
export { manualRecharge } from './manual-recharge.js';
export { balanceQuote } from './balance-quote.js';
export { readConfig as readUsdtConfig } from './usdt/config.js';
export { OVERLAP_MS as USDT_OVERLAP_MS, watchedAddresses } from './usdt/watch-state.js';
