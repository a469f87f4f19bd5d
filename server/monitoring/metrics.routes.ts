import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Ctx } from '../platform/context.js';
import { carriesToken, fromThisMachine } from '../platform/http/local-caller.js';
import { collectProcessDefaults, METRICS_CONTENT_TYPE, metricsText, processMetrics } from '../platform/http/metrics.js';

const REFUSED = '无权读取监控指标：请在本机访问，或携带 Authorization: Bearer <METRICS_TOKEN>';
const CLOSED = '监控指标只对本机开放：设置 METRICS_TOKEN 后可凭它远程读取';

/**
 * `GET /metrics`: Prometheus' text format, the process's metrics and this app's. Always answered to
 * this machine (a loopback connection no proxy relayed); elsewhere only with the METRICS_TOKEN
 * bearer token, else 403. Scraped every few seconds: kept out of the info log.
 */
export function registerMetricsRoute(app: FastifyInstance, ctx: Ctx, registry: Registry): void {
  collectProcessDefaults();
  app.get('/metrics', { logLevel: 'warn', config: { access: 'public' } }, async (request, reply) => {
    if (!fromThisMachine(request) && !carriesToken(request, ctx.settings.metricsToken)) {
      return reply.status(403).send({ code: 403, message: ctx.settings.metricsToken ? REFUSED : CLOSED, data: null });
    }
    const text = await metricsText([processMetrics, registry]);
    return reply.header('Cache-Control', 'no-store').type(METRICS_CONTENT_TYPE).send(text);
  });
}
