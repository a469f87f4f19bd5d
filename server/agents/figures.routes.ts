import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { ok } from '../platform/http/envelope.js';
import { toDollars } from '../platform/lib/money.js';
import { startOfDay, startOfMonth } from '../platform/lib/time.js';

/**
 * `GET /api/aggregator/sales`: the home screen's sales by aggregator (those sold, status 3, in
 * dollars at each aggregator's rate), today, this month (business time zone) and in all, with how
 * many numbers each holds now. Every aggregator that ever took a number, newest first.
 */
export function registerAgentFigures(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/aggregator/sales', { config: { access: 'sup:agent.sales' } }, async () => {
    const now = ctx.now();
    const today = startOfDay(now, ctx.settings.timeZone);
    const month = startOfMonth(now, ctx.settings.timeZone);
    const rows = await ctx.db
      .selectFrom('agent_activations as a')
      .innerJoin('aggregators as g', 'g.id', 'a.aggregator_id')
      .select((eb) => {
        const sold = (from?: number) =>
          eb.fn.coalesce(
            eb.fn.sum<number>(
              eb
                .case()
                .when(eb.and([eb('a.status', '=', 'sold'), ...(from === undefined ? [] : [eb('a.finish_at', '>=', from)])]))
                .then(eb.ref('a.amount'))
                .else(0)
                .end(),
            ),
            eb.lit(0),
          );
        const count = (from?: number) =>
          eb.fn.coalesce(
            eb.fn.sum<number>(
              eb
                .case()
                .when(eb.and([eb('a.status', '=', 'sold'), ...(from === undefined ? [] : [eb('a.finish_at', '>=', from)])]))
                .then(1)
                .else(0)
                .end(),
            ),
            eb.lit(0),
          );
        return [
          'g.id',
          'g.name',
          sold(today).as('today_amount'),
          count(today).as('today_count'),
          sold(month).as('month_amount'),
          count(month).as('month_count'),
          sold().as('total_amount'),
          count().as('total_count'),
          eb.fn.coalesce(eb.fn.sum<number>(eb.case().when('a.status', '=', 'waiting').then(1).else(0).end()), eb.lit(0)).as('waiting'),
        ];
      })
      .groupBy(['g.id', 'g.name'])
      .orderBy('g.id', 'desc')
      .execute();
    return ok({
      list: rows.map((r) => ({
        id: Number(r.id),
        name: r.name,
        today: { count: Number(r.today_count), amount: toDollars(Number(r.today_amount)) },
        month: { count: Number(r.month_count), amount: toDollars(Number(r.month_amount)) },
        total: { count: Number(r.total_count), amount: toDollars(Number(r.total_amount)) },
        waiting: Number(r.waiting),
      })),
    });
  });
}
