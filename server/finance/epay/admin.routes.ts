import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.js';
import { ok } from '../../platform/http/envelope.js';
import { formatTime } from '../../platform/lib/time.js';
import { audit, auditCtxOf } from '../../audit/index.js';
import { editEpayConfig, presentEpayConfig } from './config.js';

/** How many of the latest refused notifications finance's screen shows. */
const REFUSALS_SHOWN = 20;

/** Finance's side of 易支付: the settings, and the notifications that credited nothing. */
export function registerEpayAdminRoutes(app: FastifyInstance, ctx: Ctx): void {
  const tz = ctx.settings.timeZone;

  async function present() {
    const refusals = await ctx.db.selectFrom('epay_refusals').selectAll().orderBy('id', 'desc').limit(REFUSALS_SHOWN).execute();
    return {
      ...(await presentEpayConfig(ctx.db, ctx.settings)),
      notify_path: '/api/epay/notify',
      refusals: refusals.map((r) => ({
        id: Number(r.id),
        out_trade_no: r.out_trade_no,
        trade_no: r.trade_no,
        money: r.money,
        reason: r.reason,
        ip: r.ip,
        create_at: formatTime(Number(r.create_at), tz),
      })),
    };
  }

  app.get('/api/epay/config', { config: { access: 'sup:money' } }, async () => ok(await present()));

  app.post('/api/epay/config/edit', { config: { access: 'sup:money' } }, async (request) => {
    const who = auditCtxOf(request, ctx);
    await ctx.db.transaction().execute(async (trx) => {
      const before = await presentEpayConfig(trx, ctx.settings);
      await editEpayConfig(trx, request.body, ctx.settings, ctx.now());
      await audit(trx, who, {
        action: 'epay.config',
        category: 'money',
        targetType: 'settings',
        summary: '修改支付宝/微信（易支付）充值设置',
        before,
        after: await presentEpayConfig(trx, ctx.settings),
      });
    });
    return ok(await present(), '保存成功');
  });
}
