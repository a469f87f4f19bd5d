import { balanceQuote } from '../finance/index.js';
import type { FastifyInstance } from 'fastify';
import type { FieldDef } from '../../resources.config.js';
import type { Ctx } from '../platform/context.js';
import { callerAllows, sessionOf } from '../platform/http/auth.js';
import { fail, ok } from '../platform/http/envelope.js';
import { objectBody, rejectUnknown, validateFields } from '../platform/http/validate.js';
import { idOf } from '../platform/http/ids.js';
import { toDollars } from '../platform/lib/money.js';
import { formatTime } from '../platform/lib/time.js';
import { rentalOf, rentalSms } from './read.js';
import { EXTEND_MAX_HOURS, EXTEND_MIN_HOURS } from './terms.js';
import { extendRental, finishRental, rentExtensionQuote } from './rent.js';
import { switchedMoneyAudit } from '../audit/index.js';

const idField: FieldDef = { label: '租用号码', type: 'ref', required: true };
const extendFields: Record<string, FieldDef> = {
  id: idField,
  hours: { label: '续租时长(小时)', type: 'int', required: true, min: EXTEND_MIN_HOURS, max: EXTEND_MAX_HOURS },
};
const PAGE_MAX = 100;

/** A page parameter of the query: a positive integer up to `max`, `fallback` when absent, else a 400. */
function pageParam(raw: unknown, fallback: number, max: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const n = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= max)) throw fail.badInput(`${name} 应为 1 到 ${max} 的整数`, { [name]: `${name} 应为 1 到 ${max} 的整数` });
  return n;
}

/** A rental's SMS list, its 续租 (quote and payment) and its 结束, from the console (我的API). */
export function registerRentRoutes(app: FastifyInstance, ctx: Ctx): void {
  const tz = ctx.settings.timeZone;

  // Every SMS the rental received, newest first: its owner's, or any for the sup.
  app.get('/api/rent/sms', { config: { access: 'any' } }, async (request) => {
    const query = objectBody(request.query);
    rejectUnknown(query, ['id', 'page', 'size']);
    const id = idOf(query.id);
    const page = pageParam(query.page, 1, 1_000_000, 'page');
    const size = pageParam(query.size, 20, PAGE_MAX, 'size');
    const rental = await rentalOf(ctx, callerAllows(request, 'sup:orders') ? null : sessionOf(request).user.id, id);
    if (!rental) throw fail.notFound('租用号码不存在');
    const { total, rows } = await rentalSms(ctx, id, { offset: (page - 1) * size, limit: size });
    return ok({
      id,
      identifier: rental.identifier,
      total,
      page,
      size,
      list: rows.map((r) => ({ id: r.id, sender: r.sender, text: r.text, code: r.code, received_at: formatTime(r.received_at, tz) })),
    });
  });

  app.post('/api/rent/quote', { config: { access: 'customer' } }, async (request) => {
    const v = validateFields(extendFields, request.body, 'add', { tz });
    const userId = sessionOf(request).user.id;
    const q = await rentExtensionQuote(ctx, userId, v.id as number, v.hours as number);
    return ok({
      id: v.id,
      hours: v.hours,
      price_hour: toDollars(q.terms.priceHour),
      amount: toDollars(q.amount),
      // The hours one extension of this rental may add (its product may allow fewer than the protocol's most).
      min_hours: EXTEND_MIN_HOURS,
      max_hours: Math.min(EXTEND_MAX_HOURS, q.terms.maxHours),
      ...(await balanceQuote(ctx.db, userId, q.amount)),
      expires_at: formatTime(q.rental.expires_at, tz),
      expires_after: formatTime(q.expiresAfter, tz),
    });
  });

  app.post('/api/rent/extend', { config: { access: 'customer' } }, async (request) => {
    const v = validateFields(extendFields, request.body, 'add', { tz });
    const r = await extendRental(
      ctx,
      sessionOf(request).user.id,
      v.id as number,
      v.hours as number,
      switchedMoneyAudit(request, ctx, { action: 'rent.extend', label: `续租号码 #${v.id}` }),
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
      `续租成功，租期至 ${formatTime(r.expiresAt, tz)}`,
    );
  });

  app.post('/api/rent/finish', { config: { access: 'customer' } }, async (request) => {
    const v = validateFields({ id: idField }, request.body, 'add', { tz });
    await finishRental(ctx, sessionOf(request).user.id, v.id as number);
    return ok({ id: v.id }, '已结束租用，号码不再接收短信');
  });
}
