import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import type { FastifyInstance } from 'fastify';

/**
 * Metrics of the whole process: the counters areas increment on their hot paths (one increment, no
 * I/O) and Node's own (memory, event loop, GC). Each app adds a registry of its own (its requests,
 * its database); /metrics answers both. Not prom-client's global registry: a module loaded twice (a
 * test runner's fresh module graph) would register the same names twice there.
 */
export const processMetrics = new Registry();

let defaults = false;

/** Node's own metrics (process_*, nodejs_*), started by the first app that serves metrics. */
export function collectProcessDefaults(): void {
  if (defaults) return;
  defaults = true;
  collectDefaultMetrics({ register: processMetrics });
}

/** Up to the longest long poll (60 s) and a little past it. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 90];

/**
 * Every request's duration, by method, route pattern and status. The pattern (`/api/code/:token`),
 * never the address: addresses carry keys. The built console's files count as one route ("static"),
 * and whatever no route served as "unmatched", so the number of series stays small.
 */
export function installRequestMetrics(app: FastifyInstance, registry: Registry): void {
  const histogram = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP 请求耗时（秒），按方法、路由模式和状态码',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  // The labelled series, found once per combination: a request then costs one map lookup.
  const series = new Map<string, ReturnType<typeof histogram.labels>>();
  app.addHook('onResponse', (request, reply, done) => {
    const options = request.routeOptions;
    const route = (options.config as { file?: string } | undefined)?.file ? 'static' : (options.url ?? 'unmatched');
    const status = reply.statusCode;
    const key = `${request.method} ${status} ${route}`;
    let child = series.get(key);
    if (!child) series.set(key, (child = histogram.labels(request.method, route, String(status))));
    child.observe(reply.elapsedTime / 1000);
    done();
  });
}

/** Every registry's samples, in Prometheus' text format (the families' names never repeat across them). */
export async function metricsText(registries: Registry[]): Promise<string> {
  return (await Promise.all(registries.map((r) => r.metrics()))).join('\n');
}

export const METRICS_CONTENT_TYPE = processMetrics.contentType;
