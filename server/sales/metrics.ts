import { Counter } from 'prom-client';
import { processMetrics } from '../platform/http/metrics.js';

/** Purchases committed by this process (orders, whatever their quantity), for /metrics. */
export const purchases = new Counter({ name: 'purchases_total', help: '已成交的购买（订单）数', registers: [processMetrics] });
