import type { Ctx } from '../platform/context.js';

/** How long an aggregator's SMS pushes fail before staff are told (about 30 tries, 10 s apart). */
export const AGENT_FAILING_MS = 5 * 60_000;

/**
 * Enabled aggregators whose SMS pushes have failed for AGENT_FAILING_MS, by id (the
 * push sets `failing_since` at the first failure and clears it on a success): the Telegram alert
 * (聚合平台推送失败) and the home's 待处理 card read this one rule.
 */
export async function failingAggregators(ctx: Ctx) {
  const rows = await ctx.db
    .selectFrom('aggregators')
    .select(['id', 'name', 'failing_since', 'push_error'])
    .where('enabled', '=', 1)
    .where('failing_since', '<=', ctx.now() - AGENT_FAILING_MS)
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), name: r.name, failingSince: Number(r.failing_since), error: r.push_error }));
}
