import type { FastifyInstance } from 'fastify';
import type { FieldDef } from '../../resources.config.js';
import type { Ctx } from '../platform/context.js';
import { roleOfRequest, sessionOf } from '../platform/http/auth.js';
import { fail, ok } from '../platform/http/envelope.js';
import { objectBody, rejectUnknown, validateFields } from '../platform/http/validate.js';
import { toDollars } from '../platform/lib/money.js';
import { formatTime } from '../platform/lib/time.js';
import { refundToken } from '../sales/refund.js';
import { idOf, idsOf } from '../platform/crud/routes.js';
import { effectiveState, linkBase, linksOf } from './links.js';
import { renewalQuote, renewToken } from '../sales/renew.js';
import { resetToken } from './reset.js';

const idField: FieldDef = { label: '链接', type: 'ref', required: true };
const renewFields: Record<string, FieldDef> = { id: idField, days: { label: '续费天数', type: 'int', required: true, min: 1, max: 365 } };
const refundFields: Record<string, FieldDef> = { id: idField, remark: { label: '退款备注', type: 'text', required: true, max: 255 } };
const EXPORT_MAX = 50_000;

/** What an owner does with a link (reset, renew), the sup's refund of one, and the TXT export. */
export function registerTokenRoutes(app: FastifyInstance, ctx: Ctx): void {
  const tz = ctx.settings.timeZone;

  app.post('/api/token/reset', { config: { access: 'customer' } }, async (request) => {
    const v = validateFields({ id: idField }, request.body, 'add', { tz });
    const r = await resetToken(ctx, sessionOf(request).user.id, v.id as number);
    return ok({ id: v.id, resets: r.resets, resets_left: r.resetsLeft, armed_at: formatTime(r.armedAt, tz) },
      `已重提，等待新的验证码（剩余重提 ${r.resetsLeft} 次）`);
  });

  app.post('/api/token/quote', { config: { access: 'customer' } }, async (request) => {
    const v = validateFields(renewFields, request.body, 'add', { tz });
    const { user } = sessionOf(request);
    const q = await renewalQuote(ctx, user.id, v.id as number, v.days as number);
    const { balance } = await ctx.db.selectFrom('users').select('balance').where('id', '=', user.id).executeTakeFirstOrThrow();
    return ok({
      id: v.id, days: v.days, renew_price: toDollars(Number(q.goods.renew_price)), amount: toDollars(q.amount),
      balance: toDollars(Number(balance)), balance_after: toDollars(Number(balance) - q.amount), enough_balance: Number(balance) >= q.amount,
      expires_at: formatTime(Number(q.token.expires_at), tz), expires_after: formatTime(q.expiresAfter, tz),
    });
  });

  app.post('/api/token/augment', { config: { access: 'customer' } }, async (request) => {
    const v = validateFields(renewFields, request.body, 'add', { tz });
    const r = await renewToken(ctx, sessionOf(request).user.id, v.id as number, v.days as number);
    return ok({ id: v.id, order_id: r.orderId, order_no: r.orderNo, amount: toDollars(r.amount), expires_at: formatTime(r.expiresAt, tz), balance: toDollars(r.balance) },
      `续费成功，有效期至 ${formatTime(r.expiresAt, tz)}`);
  });

  app.post('/api/token/refund', { config: { access: 'sup' } }, async (request) => {
    const v = validateFields(refundFields, request.body, 'add', { tz });
    const r = await refundToken(ctx, v.id as number, { remark: v.remark as string });
    return ok({ id: v.id, amount: toDollars(r!.amount), balance: r!.balance === null ? null : toDollars(r!.balance) },
      `已退款 $${toDollars(r!.amount).toFixed(2)}，链接已停止接码`);
  });

  // The caller's links (a sup: anyone's) as lines to copy or save: the selection, or all matching.
  app.post('/api/token/export', { config: { access: 'any' } }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['ids', 'state', 'goods_id']);
    let q = ctx.db.selectFrom('tokens').select(['id', 'identifier', 'token', 'state', 'expires_at', 'goods_id']).orderBy('id', 'desc').limit(EXPORT_MAX);
    if (roleOfRequest(request) !== 'sup') q = q.where('user_id', '=', sessionOf(request).user.id);
    if (body.ids !== undefined) q = q.where('id', 'in', idsOf(body.ids, EXPORT_MAX));
    if (body.goods_id !== undefined && body.goods_id !== '') q = q.where('goods_id', '=', idOf(body.goods_id));
    if (body.state !== undefined && body.state !== '') {
      if (typeof body.state !== 'string' || !STATES.includes(body.state)) throw fail.badInput('状态的取值无效', { state: '状态的取值无效' });
      q = q.where('state', '=', body.state);
    }
    const base = linkBase(ctx, request);
    const now = ctx.now();
    const list = (await q.execute()).map((t) => ({
      id: Number(t.id), identifier: t.identifier, ...linksOf(base, t.token),
      state: effectiveState(t.state, Number(t.expires_at), now), expires_at: formatTime(Number(t.expires_at), tz),
    }));
    return ok({ list, total: list.length });
  });
}

const STATES = ['active', 'code_received', 'used_up', 'expired', 'revoked', 'refunded', 'finished'];
