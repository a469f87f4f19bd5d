import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { callerAllows, sessionOf } from '../platform/http/auth.js';
import { ok } from '../platform/http/envelope.js';
import { toDollars } from '../platform/lib/money.js';
import { startOfDay, startOfMonth } from '../platform/lib/time.js';
import { orderSums, pendingProfit, profitSums, rechargeSums, linkCounts, userFigures } from './figures.js';

/**
 * The home screen's figures. A sup sees the platform, with the `admin` reconciliation
 * (recharges - net orders + resellers' profits credited - balances = diff, which must be 0; the
 * profits still pending beside it, in no balance yet); a customer sees their own. A reseller's
 * transfers to its customers move money between balances and change none of it.
 * "Today" and "this month" are in the business time zone.
 */
export function registerStatsRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/statistics/index', { config: { access: 'any' } }, async (request) => {
    const { user } = sessionOf(request);
    // The platform's figures for staff who may read them; anyone else sees their own (a staff member: none).
    const sup = user.type === 'sup' && callerAllows(request, 'sup:stats');
    const now = ctx.now();
    const today = startOfDay(now, ctx.settings.timeZone);
    const month = startOfMonth(now, ctx.settings.timeZone);
    const userId = sup ? undefined : user.id;

    const d = ctx.database;
    const [[dayR, monthR, allR], [dayO, monthO, allO], [dayT, allT], users] = await Promise.all([
      rechargeSums(d, now, [{ from: today, userId }, { from: month, userId }, { userId }]),
      orderSums(d, now, [{ from: today, userId }, { from: month, userId }, { userId }]),
      linkCounts(d, now, [{ from: today, userId }, { userId }]),
      sup ? userFigures(ctx.db, month) : undefined,
    ]);
    const [[profit], profitPending] = sup ? await Promise.all([profitSums(d, now, [{}]), pendingProfit(ctx.db)]) : [[0], 0];
    const data: Record<string, unknown> = {
      todayOrder: toDollars(dayO),
      monthOrder: toDollars(monthO),
      totalOrder: toDollars(allO),
      todayRecharge: toDollars(dayR.total),
      todayRechargeAuto: toDollars(dayR.auto),
      monthRecharge: toDollars(monthR.total),
      monthRechargeAuto: toDollars(monthR.auto),
      totalRecharge: toDollars(allR.total),
      // API links bought: the customer's own, or the platform's for a sup.
      todayTokenNum: dayT,
      tokenNum: allT,
    };
    if (users) {
      Object.assign(data, {
        userCount: users.count,
        userCountMonth: users.since,
        admin: {
          balance: toDollars(users.balance),
          recharge: toDollars(allR.total),
          rechargeAuto: toDollars(allR.auto),
          order: toDollars(allO),
          profit: toDollars(profit),
          profitPending: toDollars(profitPending),
          diff: toDollars(allR.total - allO + profit - users.balance),
        },
      });
    }
    return ok(data);
  });
}
