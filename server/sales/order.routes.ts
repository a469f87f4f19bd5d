import { balanceQuote } from '../finance/index.js';
import type { FastifyInstance } from 'fastify';
import type { FieldDef } from '../../resources.config.js';
import type { Ctx } from '../platform/context.js';
import { sessionOf } from '../platform/http/auth.js';
import { ok } from '../platform/http/envelope.js';
import { validateFields } from '../platform/http/validate.js';
import { toDollars } from '../platform/lib/money.js';
import { publicBase } from '../platform/http/public-url.js';
import { buy, quote } from './buy.js';
import { purchaseData } from './purchase-answer.js';
import { isPreview, previewOrderRefund, refundOrder } from './refund.js';
import { refundAudit, switchedMoneyAudit } from '../audit/index.js';
import { pendingMoves } from '../goods-counts/index.js';

const purchaseFields: Record<string, FieldDef> = {
  goods_id: { label: '商品', type: 'ref', required: true },
  quantity: { label: '购买数量', type: 'int', required: true, min: 1, max: 1000 },
};
const refundFields: Record<string, FieldDef> = {
  id: { label: '订单', type: 'ref', required: true },
  amount: { label: '退款金额', type: 'money', required: true, min: 0.01, max: 10_000_000 },
  remark: { label: '退款备注', type: 'text', required: true, max: 255 },
  preview: { label: '预览', type: 'bool' },
};
const refundPreviewFields: Record<string, FieldDef> = { id: refundFields.id, amount: refundFields.amount, preview: refundFields.preview };

/** Buying (customers), what a purchase would cost, and the sup's partial refund of an order. */
export function registerOrderRoutes(app: FastifyInstance, ctx: Ctx): void {
  const tz = ctx.settings.timeZone;

  app.post('/api/order/quote', { config: { access: 'customer' } }, async (request) => {
    const v = validateFields(purchaseFields, request.body, 'add', { tz });
    const { user } = sessionOf(request);
    const { goods, price, amount, reseller } = await quote(ctx, user.id, v.goods_id as number, v.quantity as number);
    // The stock as it stands: the product's count with the sales not yet added to it.
    const stock =
      goods.source === 'stock' ? Number(goods.stock) + ((await pendingMoves(ctx.db, [goods.id])).get(goods.id)?.stock ?? 0) : null;
    return ok({
      goods_id: goods.id,
      title: goods.title,
      quantity: v.quantity,
      // A reseller's customer sees its own price only, never the main site's list price.
      base_price: toDollars(reseller ? price.unitPrice : goods.price),
      unit_price: toDollars(price.unitPrice),
      rate: price.rate === null ? null : toDollars(price.rate),
      amount: toDollars(amount),
      ...(await balanceQuote(ctx.db, user.id, amount)),
      stock,
      enough_stock: stock === null || stock >= (v.quantity as number),
      min_qty: goods.min_qty,
      max_qty: goods.max_qty,
    });
  });

  app.post('/api/order/buy', { config: { access: 'customer' } }, async (request) => {
    const v = validateFields(purchaseFields, request.body, 'add', { tz });
    const p = await buy(ctx, sessionOf(request).user.id, v.goods_id as number, v.quantity as number, {
      inside: switchedMoneyAudit(request, ctx, { action: 'order.buy', label: '购买' }),
    });
    return ok(purchaseData(p, publicBase(ctx, request), tz), `购买成功，共 ${p.tokens.length} 个号码`);
  });

  // `preview: true`: what refunding this amount would do and for whom, nothing written (shown before the sup confirms).
  app.post('/api/order/refund', { config: { access: 'sup:money' } }, async (request) => {
    if (isPreview(request.body)) {
      const v = validateFields(refundPreviewFields, request.body, 'add', { tz });
      const p = await previewOrderRefund(ctx, v.id as number, v.amount as number);
      return ok({
        id: v.id,
        amount: toDollars(p.amount),
        refunded: toDollars(p.refunded),
        left: toDollars(p.left),
        state: p.state,
        user_id: p.userId,
        username: p.username,
        stops_links: p.stopsLinks,
      });
    }
    const v = validateFields(refundFields, request.body, 'add', { tz });
    const r = await refundOrder(
      ctx,
      v.id as number,
      v.amount as number,
      // The sup's note is staff-only: kept in the audit trail, not in the customer's ledger row.
      refundAudit(request, ctx, { type: 'order', id: v.id as number, remark: v.remark as string }),
    );
    return ok(
      { refunded: toDollars(r.refunded), left: toDollars(r.left), state: r.state, balance: toDollars(r.balance) },
      `已退款 $${toDollars(v.amount as number).toFixed(2)}`,
    );
  });
}
