import { Histogram } from 'prom-client';
import { processMetrics } from '../platform/http/metrics.js';

/** From an SMS webhook request's arrival to its code being readable on its links (committed, readers woken), for /metrics. */
export const webhookToReadable = new Histogram({
  name: 'webhook_to_readable_seconds',
  help: '短信 Webhook 请求到达至验证码可读取的耗时（秒）',
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [processMetrics],
});
