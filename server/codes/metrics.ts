import { Counter } from 'prom-client';
import { processMetrics } from '../platform/http/metrics.js';

/** Codes that reached a link in this process (one per link), by where the message came from, for /metrics. */
export const codesDelivered = new Counter({
  name: 'codes_delivered_total',
  help: '送达链接的验证码数（每个链接一次），按来源',
  labelNames: ['source'] as const,
  registers: [processMetrics],
});
