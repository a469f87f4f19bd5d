import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { installSites } from './sites.js';
import { registerResellerRoutes } from './routes.js';
import { resellerHooks } from './reseller-hooks.js';
import { resellerPriceHooks } from './price-hooks.js';
import { settleJob } from './profits.js';
import { registerSitePages } from './pages.js';

/**
 * Resellers (分站, one level; docs/resellers.md): the site a request's host names, `GET /api/site`,
 * 分站管理's hooks, 我的分站's calls, profits (recorded by the sales that earn them, reversed by
 * their refunds, settled by a job), and the console's pages in a reseller's name on its host.
 */
export const resellers: Area<ResourceName> = {
  install(app, ctx) {
    installSites(app, ctx);
    registerResellerRoutes(app, ctx);
  },
  hooks: { resellers: resellerHooks, reseller_prices: resellerPriceHooks },
  jobs: [settleJob],
  withConsole: registerSitePages,
};
export { siteOf, type Site } from './sites.js';
export { recordProfit, reverseProfit } from './profits.js';
export { brandPage } from './brand.js';
