import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { callerAllows } from '../platform/http/auth.js';
import { ok } from '../platform/http/envelope.js';
import {
  aggregatorsFailing,
  devicesPending,
  messagesWaiting,
  numbersExpiring,
  providersFailing,
  soldOut,
  transfersUnmatched,
  usdtWatcherFailing,
  webhooksPaused,
} from './pending.js';

/**
 * `GET /api/pending`: what needs a staff member's hand now, only of the kinds their role may act on
 * (a key is absent when the caller's grants do not reach it): devices, waiting messages and numbers
 * whose SIM lapses soon for intake; sold-out products, failing providers and aggregators whose pushes
 * keep failing for catalog; the USDT watcher and unmatched transfers for money; paused customer
 * webhooks for orders. The console's 待处理 card reads it.
 */
export function registerPendingRoute(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/pending', { config: { access: 'staff' } }, async (request) => {
    const may = (grant: 'intake' | 'catalog' | 'money' | 'orders') => callerAllows(request, `sup:${grant}`);
    const [devices, messages, expiring_numbers, sold_out, providers, aggregators, usdt_watcher, transfers, webhooks] = await Promise.all([
      may('intake') ? devicesPending(ctx) : undefined,
      may('intake') ? messagesWaiting(ctx) : undefined,
      may('intake') ? numbersExpiring(ctx) : undefined,
      may('catalog') ? soldOut(ctx) : undefined,
      may('catalog') ? providersFailing(ctx) : undefined,
      may('catalog') ? aggregatorsFailing(ctx) : undefined,
      may('money') ? usdtWatcherFailing(ctx) : undefined,
      may('money') ? transfersUnmatched(ctx) : undefined,
      may('orders') ? webhooksPaused(ctx) : undefined,
    ]);
    return ok({
      silent_minutes: Math.round(ctx.settings.deviceSilentMs / 60_000),
      devices,
      messages,
      expiring_numbers,
      sold_out,
      providers,
      aggregators,
      usdt_watcher,
      transfers,
      webhooks,
    });
  });
}
