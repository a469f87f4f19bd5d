import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { registerSource } from '../sales/acquire.js';
import { registerProviderRoutes } from './routes.js';
import { settleUpstream, upstreamSource } from './source.js';

/** Upstream providers: the purchase source of upstream products and the sup's balance call. */
export function installUpstream(app: FastifyInstance, ctx: Ctx): void {
  registerSource('upstream', upstreamSource, settleUpstream);
  registerProviderRoutes(app, ctx);
}
