import { Counter } from 'prom-client';
import { processMetrics } from '../platform/http/metrics.js';

/** Tries of customers' webhook deliveries in this process, by outcome, for /metrics. */
export const webhookTries = new Counter({
  name: 'webhook_tries_total',
  help: '客户回调的发送次数，按结果（送达、稍后重试、最终失败）',
  labelNames: ['outcome'] as const,
  registers: [processMetrics],
});
