import { balanceQuote } from '../finance/index.js';
import type { FastifyInstance } from 'fastify';
import type { FieldDef } from '../../resources.config.js';
import type { Ctx } from '../platform/context.js';
import { sessionOf } from '../platform/http/auth.js';
import { ok } from '../platform/http/envelope.js';
import { validateFields } from '../platform/http/validate.js';
import { toDollars } from '../platform/lib/money.js';
import { formatTime } from '../platform/lib/time.js';
import { isPreview, previewLinkRefund, refundLink } from './refund.js';
import { refundAudit, switchedMoneyAudit } from '../audit/index.js';
import { renewalQuote, renewLink } from './renew.js';
import { cancelLink } from './cancel.js';
import { reuseLink } from './reuse.js';
import { purchaseData } from './purchase-answer.js';
import { publicBase } from '../platform/http/public-url.js';

const idField: FieldDef = { label: '链接', type: 'ref', required: true };
const renewFields: Record<string, FieldDef> = { id: idField, days: { label: '续费天数', type: 'int', required: true, min: 1, max: 365 } };
const previewField: FieldDef = { label: '预览', type: 'bool' };
const refundFields: Record<string, FieldDef> = {
  id: idField,
  remark: { label: '退款备注', type: 'text', required: true, max: 255 },
  // The amount the sup was shown: the refund is refused if it is no longer what would be paid back.
  amount: { label: '退款金额', type: 'money', min: 0.01, max: 10_000_000 },
  preview: previewField,
};
const refundPreviewFields: Record<string, FieldDef> = { id: idField, preview: previewField };

/** A link's renewal (its quote and its payment), cancel and re-use by its owner, and the sup's refund of a link. */
export function registerLinkSaleRoutes(app: FastifyInstance, ctx: Ctx): void {
  const tz = ctx.settings.timeZone;

  app.post('/api/token/quote', { config: { access: 'customer' } }, async (request) => {
    const v = validateFields(renewFields, request.body, 'add', { tz });
    const { user } = sessionOf(request);
    const q = await renewalQuote(ctx, user.id, v.id as number, v.days as number);
    return ok({
      id: v.id,
      days: v.days,
      renew_price: toDollars(q.dayPrice),
      amount: toDollars(q.amount),
      ...(await balanceQuote(ctx.db, user.id, q.amount)),
      expires_at: formatTime(Number(q.token.expires_at), tz),
      expires_after: formatTime(q.expiresAfter, tz),
    });
  });

  app.post('/api/token/augment', { config: { access: 'customer' } }, async (request) => {
    const v = validateFields(renewFields, request.body, 'add', { tz });
    const r = await renewLink(
      ctx,
      sessionOf(request).user.id,
      v.id as number,
      v.days as number,
      switchedMoneyAudit(request, ctx, { action: 'order.augment', label: `续费号码 #${v.id}` }),
    );
    return ok(
      {
        id: v.id,
        order_id: r.orderId,
        order_no: r.orderNo,
        amount: toDollars(r.amount),
        expires_at: formatTime(r.expiresAt, tz),
        balance: toDollars(r.balance),
      },
      `续费成功，有效期至 ${formatTime(r.expiresAt, tz)}`,
    );
  });

  app.post('/api/token/cancel', { config: { access: 'customer' } }, async (request) => {
    const v = validateFields({ id: idField }, request.body, 'add', { tz });
    const r = await cancelLink(
      ctx,
      sessionOf(request).user.id,
      v.id as number,
      switchedMoneyAudit(request, ctx, { action: 'token.cancel', label: `取消号码 #${v.id}`, targetId: v.id as number }),
    );
    return ok(
      { id: v.id, amount: toDollars(r.amount), balance: r.balance === null ? null : toDollars(r.balance) },
      `已取消，已退款 $${toDollars(r.amount).toFixed(2)}`,
    );
  });

  // 再次使用此号码: the same number bought again (one unit at today's price), as a new link.
  app.post('/api/token/reuse', { config: { access: 'customer' } }, async (request) => {
    const v = validateFields({ id: idField }, request.body, 'add', { tz });
    const p = await reuseLink(
      ctx,
      sessionOf(request).user.id,
      v.id as number,
      switchedMoneyAudit(request, ctx, { action: 'token.reuse', label: `再次使用号码 #${v.id}` }),
    );
    return ok(
      purchaseData(p, publicBase(ctx, request), tz),
      `已再次使用号码 ${p.tokens[0].identifier}，支付 $${toDollars(p.amount).toFixed(2)}`,
    );
  });

  // `preview: true`: what the refund would pay back and to whom, nothing written (the dialog says it before the sup confirms).
  app.post('/api/token/refund', { config: { access: 'sup:money' } }, async (request) => {
    if (isPreview(request.body)) {
      const v = validateFields(refundPreviewFields, request.body, 'add', { tz });
      const p = await previewLinkRefund(ctx, v.id as number);
      return ok({ id: v.id, amount: toDollars(p.amount), user_id: p.userId, username: p.username, identifier: p.identifier });
    }
    const v = validateFields(refundFields, request.body, 'add', { tz });
    const expect = v.amount === null ? undefined : (v.amount as number);
    // The sup's note is staff-only: it goes to the audit trail; the customer's ledger says who refunded.
    const r = await refundLink(ctx, v.id as number, {
      remark: '客服退款',
      expect,
      inside: refundAudit(request, ctx, { type: 'token', id: v.id as number, remark: v.remark as string }),
    });
    return ok(
      { id: v.id, amount: toDollars(r!.amount), balance: r!.balance === null ? null : toDollars(r!.balance) },
      `已退款 $${toDollars(r!.amount).toFixed(2)}，链接已停止接码`,
    );
  });
}
