import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldDef } from '../../../resources.config.js';
import type { Ctx } from '../../platform/context.js';
import { roleOfRequest, sessionOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { objectBody, rejectUnknown, validateFields } from '../../platform/http/validate.js';
import { toDollars } from '../../platform/lib/money.js';
import { idOf } from '../../platform/http/ids.js';
import { readConfig } from './config.js';
import { CHAINS, networkOf, watcherOf, type Chain } from './chains.js';
import { openNetworks } from './networks.js';
import { cancelOrder, createOrder, findOrder, presentOrder } from './orders.js';

const createFields: Record<string, FieldDef> = {
  amount: { label: '充值金额', type: 'money', required: true, min: 0.01, max: 1_000_000 },
  chain: {
    label: '网络',
    type: 'enum',
    default: 'trc20',
    options: Object.fromEntries(CHAINS.map((c) => [c, { label: networkOf(c) }])),
  },
};

/** The customer's side of a USDT top-up: the rules, a new pay order, its live state, cancelling it. */
export function registerUsdtRoutes(app: FastifyInstance, ctx: Ctx): void {
  const tz = ctx.settings.timeZone;
  /** A customer reaches only their own orders; a sup any. */
  const ownerOf = (request: FastifyRequest) => (roleOfRequest(request) === 'sup' ? null : sessionOf(request).user.id);

  app.get('/api/usdt/options', { config: { access: 'any' } }, async () => {
    const cfg = await readConfig(ctx.db);
    return ok({
      enabled: cfg.enabled && Boolean(cfg.address),
      min_amount: toDollars(cfg.minAmount),
      max_amount: toDollars(cfg.maxAmount),
      expire_minutes: cfg.expireMs / 60_000,
      wait_confirm: cfg.waitConfirm,
      network: 'TRC20',
      // Every open network, TRC20 first: what the customer picks from.
      chains: openNetworks(cfg).map((n) => ({ chain: n.chain, network: n.network, address: n.address, wait_confirm: n.waitConfirm })),
    });
  });

  app.post('/api/usdt/create', { config: { access: 'customer' } }, async (request) => {
    const values = validateFields(createFields, request.body, 'add', { tz });
    const order = await createOrder(ctx, sessionOf(request).user.id, values.amount as number, values.chain as Chain);
    // An idle chain's watcher sleeps long: it looks again now that an order waits on it.
    app.jobs.reschedule(watcherOf(values.chain as Chain));
    return ok(presentOrder(order, ctx.now(), tz), '充值订单已创建');
  });

  app.get('/api/usdt/detail', { config: { access: 'own:money' } }, async (request) => {
    const id = idOf((request.query as Record<string, unknown>).id);
    return ok(presentOrder(await findOrder(ctx, id, ownerOf(request)), ctx.now(), tz));
  });

  app.post('/api/usdt/cancel', { config: { access: 'own:money' } }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['id']);
    const order = await cancelOrder(ctx, idOf(body.id), ownerOf(request));
    return ok(presentOrder(order, ctx.now(), tz), '订单已取消');
  });
}
