import type { Ctx } from '../platform/context.js';
import type { Job } from '../platform/jobs/runner.js';
import type { ActiveActivation } from './client.js';
import { askFor } from './source.js';
import { assignNumber, failUnit } from './links.js';
import { providerCache, noteError } from './providers.js';

/** A call in flight is given this long past its timeout before its link counts as stranded. */
const GRACE_MS = 5_000;

/**
 * Links whose paid getNumber ended with an unknown outcome ('pending'), or whose process died during
 * the call ('buying' long past the timeout). Never a second getNumber: the provider's active
 * activations say what was bought. An activation of the right service that no link holds is the
 * pending link's number; none means nothing was bought and the customer is refunded. A provider with
 * a purchase still in flight is left for the next round (its activation would look like an orphan).
 */
export const reconcileJob: Job = {
  name: 'upstream-reconcile',
  everyMs: 15_000,
  async run(ctx) {
    const stale = ctx.now() - (2 * ctx.settings.upstreamTimeoutMs + GRACE_MS);
    const links = await ctx.db.selectFrom('tokens as t').innerJoin('goods as g', 'g.id', 't.goods_id')
      .select(['t.id', 't.state', 't.upstream_provider_id', 't.upstream_state', 'g.service', 'g.country', 'g.upstream_service',
        'g.upstream_country', 'g.upstream_max_price', 'g.valid_hours', 'g.code_wait_minutes'])
      .where((eb) => eb.or([
        eb('t.upstream_state', '=', 'pending'),
        eb.and([eb('t.upstream_state', '=', 'buying'), eb('t.upstream_at', '<', stale)]),
      ]))
      .orderBy('t.id').limit(500).execute();
    const byProvider = new Map<number, typeof links>();
    for (const l of links) {
      const id = Number(l.upstream_provider_id);
      byProvider.set(id, [...(byProvider.get(id) ?? []), l]);
    }
    const providers = providerCache(ctx);
    for (const [providerId, pending] of byProvider) {
      const inFlight = await ctx.db.selectFrom('tokens').select('id').where('upstream_provider_id', '=', providerId)
        .where('upstream_state', '=', 'buying').where('upstream_at', '>=', stale).limit(1).executeTakeFirst();
      if (inFlight) continue;
      const provider = await providers(providerId);
      if (!provider) {
        for (const l of pending) await failUnit(ctx, Number(l.id), '上游渠道已删除，号码未购得，已退款');
        continue;
      }
      const outcome = await provider.client.getActiveActivations();
      if (outcome.kind !== 'ok') {
        await noteError(ctx, providerId, outcome, 'getActiveActivations');
        continue;
      }
      const orphans = await unclaimed(ctx, providerId, outcome.value);
      for (const l of pending) {
        const service = askFor(l).service;
        const i = orphans.findIndex((a) => a.service === '' || a.service === service);
        if (i < 0) {
          await failUnit(ctx, Number(l.id), '上游未购得号码（核实后），已退款');
          continue;
        }
        const [found] = orphans.splice(i, 1);
        const assigned = await assignNumber(ctx, Number(l.id), l, found, ['pending', 'buying']);
        if (!assigned) {
          // The link ended meanwhile (expired, or refunded by the sup): the number goes back to the
          // provider, and whatever the customer has not had back is refunded.
          await noteError(ctx, providerId, await provider.client.setStatus(found.activationId, 8), 'setStatus 8');
          await failUnit(ctx, Number(l.id), '链接已结束，上游号码已退回，退款');
        }
      }
    }
  },
};

/** The provider's active activations that no link of ours holds, oldest first. */
async function unclaimed(ctx: Ctx, providerId: number, list: ActiveActivation[]) {
  if (!list.length) return [];
  const held = await ctx.db.selectFrom('tokens').select('upstream_id').where('upstream_provider_id', '=', providerId)
    .where('upstream_id', 'in', list.map((a) => a.activationId)).execute();
  const ids = new Set(held.map((h) => h.upstream_id));
  return list.filter((a) => !ids.has(a.activationId) && a.phone)
    .sort((a, b) => Number(a.activationId) - Number(b.activationId));
}
