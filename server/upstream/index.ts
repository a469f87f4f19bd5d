import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { registerSource } from '../sales/index.js';
import { providerHooks } from './hooks.js';
import { upstreamJobs } from './jobs.js';
import { registerProviderRoutes } from './routes.js';
import { settleUpstream, upstreamSource } from './source.js';

/** Upstream providers: the purchase source of upstream products, their codes, and the sup's balance call. */
export const upstream: Area<ResourceName> = {
  install(app, ctx) {
    registerSource('upstream', upstreamSource, settleUpstream);
    registerProviderRoutes(app, ctx);
  },
  hooks: { providers: providerHooks },
  jobs: upstreamJobs,
};
