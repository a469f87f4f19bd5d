import { Registry } from 'prom-client';
import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { databaseReadiness } from '../platform/db/readiness.js';
import { registerHealthRoutes } from '../platform/http/health.js';
import { installRequestMetrics } from '../platform/http/metrics.js';
import { migrations } from '../schema/migrate.js';
import { registerGauges } from './gauges.js';
import { registerMetricsRoute } from './metrics.routes.js';

/**
 * Health and metrics for the operator's tools: /healthz (the process answers), /readyz (the
 * database answers and is fully migrated), /metrics (Prometheus). docs/operations.md lists them.
 */
export const monitoring: Area<ResourceName> = {
  install(app, ctx) {
    const registry = new Registry();
    installRequestMetrics(app, registry);
    registerGauges(app, ctx, registry);
    registerHealthRoutes(app, databaseReadiness(ctx.db, Object.keys(migrations(ctx.database.dialect))));
    registerMetricsRoute(app, ctx, registry);
  },
};
