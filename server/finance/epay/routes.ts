import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FieldDef } from '../../../resources.config.js';
import type { Ctx } from '../../platform/context.js';
import { roleOfRequest, sessionOf } from '../../platform/http/auth.js';
import { ok } from '../../platform/http/envelope.js';
import { BODY_LIMIT } from '../../platform/http/body.js';
import { clientIp } from '../../platform/http/client-ip.js';
import { idOf } from '../../platform/http/ids.js';
import { publicBase } from '../../platform/http/public-url.js';
import { Buckets } from '../../platform/http/token-buckets.js';
import { objectBody, rejectUnknown, validateFields } from '../../platform/http/validate.js';
import { epayOpen, readEpayConfig } from './config.js';
import { keepRefusal, settleEpay } from './credit.js';
import { gatewayQr, payUrl } from './gateway.js';
import { cancelEpayOrder, createEpayOrder, findEpayOrder, presentEpayOrder } from './orders.js';
import { epaySigned } from './sign.js';

const createFields: Record<string, FieldDef> = {
  amount: { label: '充值金额', type: 'money', required: true, min: 0.01, max: 1_000_000 },
  type: { label: '支付方式', type: 'text', required: true, max: 16 },
  device: { label: '设备', type: 'text', max: 8 },
};

/** Notifications one address may send a minute: a gateway retrying many orders fits; a flood does not reach the database. */
const NOTIFY_PER_MINUTE = 600;

/** The customer's side of 易支付: a pay order and where to pay it, its live state, cancelling; and the gateway's notification. */
export function registerEpayRoutes(app: FastifyInstance, ctx: Ctx): void {
  const tz = ctx.settings.timeZone;
  const allowPrivate = ctx.settings.webhookAllowPrivate;
  const ownerOf = (request: FastifyRequest) => (roleOfRequest(request) === 'sup' ? null : sessionOf(request).user.id);

  app.post('/api/epay/create', { config: { access: 'customer' } }, async (request) => {
    const values = validateFields(createFields, request.body, 'add', { tz });
    const { order, cfg } = await createEpayOrder(ctx, sessionOf(request).user.id, values.amount as number, String(values.type));
    if (!epayOpen(cfg)) throw new Error('unreachable: createEpayOrder checks the gateway is set');
    const base = publicBase(ctx, request);
    // A desktop payer scans the gateway's QR with a phone, where the gateway gives one.
    const qrcode = values.device === 'pc' ? await gatewayQr(cfg, order, base, clientIp(request), allowPrivate) : null;
    return ok(presentEpayOrder(order, ctx.now(), tz, { pay_url: payUrl(cfg, order, base), qrcode }), '充值订单已创建');
  });

  app.get('/api/epay/detail', { config: { access: 'own:money' } }, async (request) => {
    const id = idOf((request.query as Record<string, unknown>).id);
    const order = await findEpayOrder(ctx, id, ownerOf(request));
    const cfg = await readEpayConfig(ctx.db, ctx.settings);
    const pay = epayOpen(cfg) ? { pay_url: payUrl(cfg, order, publicBase(ctx, request)) } : undefined;
    return ok(presentEpayOrder(order, ctx.now(), tz, pay));
  });

  app.post('/api/epay/cancel', { config: { access: 'own:money' } }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['id']);
    const order = await cancelEpayOrder(ctx, idOf(body.id), ownerOf(request));
    return ok(presentEpayOrder(order, ctx.now(), tz), '订单已取消');
  });

  // The browser back from the gateway: its parameters prove nothing; it is only led to the order's own page.
  app.get('/api/epay/return', { config: { access: 'public' } }, async (request, reply) => {
    const orderNo = (paramsOf(request).out_trade_no ?? '').slice(0, 32);
    const order = orderNo
      ? await ctx.db.selectFrom('epay_orders').select('id').where('order_no', '=', orderNo).executeTakeFirst()
      : undefined;
    return reply.redirect(order ? `/account/recharge?epay=${Number(order.id)}` : '/account/recharge', 302);
  });

  registerNotify(app, ctx);
}

/** GET with a query, or POST with a form: the gateway's word that an order was paid. Answered `success` or `fail` as plain text. */
function registerNotify(app: FastifyInstance, ctx: Ctx): void {
  const perAddress = new Buckets(NOTIFY_PER_MINUTE, NOTIFY_PER_MINUTE / 6);
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, _body, done) => done(null, {}));
    scope.route({
      method: ['GET', 'POST'],
      url: '/api/epay/notify',
      config: { access: 'public' },
      handler: async (request, reply) => {
        const ip = clientIp(request);
        const waitSeconds = perAddress.take(ip, Date.now());
        if (waitSeconds) return text(reply.status(429).header('Retry-After', String(waitSeconds)), 'fail');
        return text(reply, await notified(ctx, paramsOf(request), ip));
      },
    });
  });
}

/**
 * Every parameter as one flat map of strings: the query's, then the form's (the form wins). A value
 * holding U+0000 is dropped: no gateway sends one, and PostgreSQL cannot compare or store it.
 */
function paramsOf(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object') continue;
    for (const [name, value] of Object.entries(source as Record<string, unknown>)) {
      if (typeof value === 'string' && !value.includes('\u0000') && !name.includes('\u0000')) out[name] = value;
    }
  }
  return out;
}

async function notified(ctx: Ctx, p: Record<string, string>, ip: string): Promise<'success' | 'fail'> {
  const report = { orderNo: p.out_trade_no ?? null, tradeNo: p.trade_no ?? null, money: p.money ?? null, ip };
  const refuse = async (reason: string) => {
    ctx.log.warn({ out_trade_no: report.orderNo, reason }, 'epay: notification refused');
    await keepRefusal(ctx, { ...report, reason });
    return 'fail' as const;
  };
  const cfg = await readEpayConfig(ctx.db, ctx.settings);
  if (!cfg.key || !cfg.pid) return refuse('未配置商户密钥');
  if (!epaySigned(p, cfg.key)) return refuse('签名错误');
  if (p.pid !== cfg.pid) return refuse('商户 ID 不符');
  if (p.trade_status !== 'TRADE_SUCCESS') return refuse(`交易状态不是 TRADE_SUCCESS（${String(p.trade_status ?? '').slice(0, 32)}）`);
  const settled = await settleEpay(ctx, { orderNo: p.out_trade_no ?? '', tradeNo: p.trade_no ?? '', money: p.money ?? '', ip });
  if (settled.credited || settled.already) return 'success';
  return refuse(settled.why);
}

const text = (reply: FastifyReply, body: string) => reply.type('text/plain; charset=utf-8').send(body);
