import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context.js';
import { sessionOf } from '../http/auth.js';
import { ok } from '../http/envelope.js';
import { toDollars } from '../lib/money.js';
import { startOfDay, startOfMonth } from '../lib/time.js';
import { balanceSum, orderSum, rechargeSums, tokenCount, userCount } from './figures.js';

/**
 * The home screen's figures. A sup sees the platform, with the `admin` reconciliation
 * (recharges - net orders - balances = diff, which must be 0); a customer sees their own.
 * "Today" and "this month" are in the business time zone.
 */
export function registerStatsRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/statistics/index', { config: { access: 'any' } }, async (request) => {
    const { user } = sessionOf(request);
    const sup = user.type === 'sup';
    const now = ctx.now();
    const today = startOfDay(now, ctx.settings.timeZone);
    const month = startOfMonth(now, ctx.settings.timeZone);
    const userId = sup ? undefined : user.id;

    const [dayR, monthR, allR, dayO, monthO, allO, dayT, allT] = await Promise.all([
      rechargeSums(ctx.db, { from: today, userId }), rechargeSums(ctx.db, { from: month, userId }),
      rechargeSums(ctx.db, { userId, now }),
      orderSum(ctx.db, { from: today, userId }), orderSum(ctx.db, { from: month, userId }), orderSum(ctx.db, { userId, now }),
      tokenCount(ctx.db, { from: today, userId }), tokenCount(ctx.db, { userId, now }),
    ]);
    const data: Record<string, unknown> = {
      todayOrder: toDollars(dayO), monthOrder: toDollars(monthO), totalOrder: toDollars(allO),
      todayRecharge: toDollars(dayR.total), todayRechargeAuto: toDollars(dayR.auto),
      monthRecharge: toDollars(monthR.total), monthRechargeAuto: toDollars(monthR.auto),
      totalRecharge: toDollars(allR.total),
      // API links bought: the customer's own, or the platform's for a sup.
      todayTokenNum: dayT, tokenNum: allT,
    };
    if (sup) {
      const [users, usersMonth, balance] = await Promise.all([userCount(ctx.db), userCount(ctx.db, month), balanceSum(ctx.db)]);
      Object.assign(data, {
        userCount: users, userCountMonth: usersMonth,
        admin: {
          balance: toDollars(balance), recharge: toDollars(allR.total), rechargeAuto: toDollars(allR.auto),
          order: toDollars(allO), diff: toDollars(allR.total - allO - balance),
        },
      });
    }
    return ok(data);
  });
}
