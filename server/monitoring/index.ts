import { Registry } from 'prom-client';
import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { databaseReadiness } from '../platform/db/readiness.js';
import { registerHealthRoutes } from '../platform/http/health.js';
import { installRequestMetrics } from '../platform/http/metrics.js';
import { migrations } from '../schema/migrate.js';
import { registerGauges } from './gauges.js';
import { registerMetricsRoute } from './metrics.routes.js';
import { registerPendingRoute } from './pending.routes.js';

/**
 * Health and metrics for the operator's tools: /healthz (the process answers, and its version), /readyz (the
 * database answers, takes writes and is fully migrated), /metrics (Prometheus). docs/operations.md lists them.
 * Also /api/pending: what needs a staff member's hand now (the home's 待处理 card).
 */
export const monitoring: Area<ResourceName> = {
  install(app, ctx) {
    const registry = new Registry();
    installRequestMetrics(app, registry);
    registerGauges(app, ctx, registry);
    registerHealthRoutes(app, databaseReadiness(ctx.db, Object.keys(migrations(ctx.database.dialect)), ctx.database.writes));
    registerMetricsRoute(app, ctx, registry);
    registerPendingRoute(app, ctx);
  },
};
