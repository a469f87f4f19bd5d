import type { Ctx } from '../platform/context.js';
import type { Job } from '../platform/jobs/runner.js';
import type { ActiveActivation } from './client.js';
import { askFor } from './source.js';
import { assignNumber, failUnit } from './links.js';
import { providerCache, noteError, type Provider } from './providers.js';

/** A call in flight is given this long past its timeout before its link counts as stranded. */
const GRACE_MS = 5_000;

/**
 * Links whose paid getNumber ended with an unknown outcome ('pending'), or whose process died during
 * the call ('buying' long past the timeout). Never a second getNumber: the provider's active
 * activations say what was bought. An activation of the right service that no link holds is the
 * number of a pending link that is still live; none means nothing was bought and the customer is
 * refunded. A provider with a purchase still in flight is left for the next round (its activation
 * would look like an orphan).
 */
export const reconcileJob: Job = {
  name: 'upstream-reconcile',
  everyMs: 15_000,
  async run(ctx) {
    const stale = ctx.now() - (2 * ctx.settings.upstreamTimeoutMs + GRACE_MS);
    const byProvider = new Map<number, Pending[]>();
    for (const l of await stranded(ctx, stale)) {
      const id = Number(l.upstream_provider_id);
      byProvider.set(id, [...(byProvider.get(id) ?? []), l]);
    }
    const providers = providerCache(ctx);
    for (const [providerId, pending] of byProvider) {
      const inFlight = await ctx.db
        .selectFrom('tokens')
        .select('id')
        .where('upstream_provider_id', '=', providerId)
        .where('upstream_state', '=', 'buying')
        .where('upstream_at', '>=', stale)
        .limit(1)
        .executeTakeFirst();
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
      await settle(ctx, provider, pending, await unclaimed(ctx, providerId, outcome.value));
    }
  },
};

type Pending = Awaited<ReturnType<typeof stranded>>[number];

/** The links whose purchase outcome is unknown, with what their product asks the provider for. */
function stranded(ctx: Ctx, stale: number) {
  return ctx.db
    .selectFrom('tokens as t')
    .innerJoin('goods as g', 'g.id', 't.goods_id')
    .select([
      't.id',
      't.state',
      't.upstream_provider_id',
      't.upstream_state',
      'g.service',
      'g.country',
      'g.upstream_service',
      'g.upstream_country',
      'g.upstream_max_price',
      'g.valid_hours',
      'g.code_wait_minutes',
    ])
    .where((eb) =>
      eb.or([eb('t.upstream_state', '=', 'pending'), eb.and([eb('t.upstream_state', '=', 'buying'), eb('t.upstream_at', '<', stale)])]),
    )
    .orderBy('t.id')
    .limit(500)
    .execute();
}

/**
 * One provider's stranded links against its orphan activations. Live links are served first, oldest
 * first: a link the sup has already refunded must never take a number a waiting customer can use.
 * Then the ended links are tidied: a number still left over may be one of theirs and goes back to the
 * provider (at most one per ended link, so activations no link of ours asked for are left alone).
 */
async function settle(ctx: Ctx, provider: Provider, pending: Pending[], orphans: ActiveActivation[]): Promise<void> {
  const take = (l: Pending) => {
    const service = askFor(l).service;
    const i = orphans.findIndex((a) => a.service === '' || a.service === service);
    return i < 0 ? null : orphans.splice(i, 1)[0];
  };
  const ended = pending.filter((l) => l.state !== 'active');
  for (const l of pending.filter((p) => p.state === 'active')) {
    const found = take(l);
    if (!found) {
      await failUnit(ctx, Number(l.id), '上游未购得号码（核实后），已退款');
    } else if (!(await assignNumber(ctx, Number(l.id), l, found, ['pending', 'buying']))) {
      // Ended since it was read (refunded by the sup), or settled by its purchase's late answer: the
      // number is for the next live link.
      orphans.unshift(found);
      if (await stillPending(ctx, Number(l.id))) ended.push(l);
    }
  }
  for (const l of ended) {
    const found = take(l);
    if (found) await noteError(ctx, provider.id, await provider.client.setStatus(found.activationId, 8), 'setStatus 8');
    // Whatever the customer has not had back is refunded (a link the sup refunded is only marked).
    await failUnit(ctx, Number(l.id), found ? '链接已结束，上游号码已退回，退款' : '上游未购得号码（核实后），已退款');
  }
}

async function stillPending(ctx: Ctx, id: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('tokens')
    .select('id')
    .where('id', '=', id)
    .where('upstream_state', 'in', ['pending', 'buying'])
    .executeTakeFirst();
  return row !== undefined;
}

/** The provider's active activations that no link of ours holds, oldest first. */
async function unclaimed(ctx: Ctx, providerId: number, list: ActiveActivation[]) {
  if (!list.length) return [];
  const held = await ctx.db
    .selectFrom('tokens')
    .select('upstream_id')
    .where('upstream_provider_id', '=', providerId)
    .where(
      'upstream_id',
      'in',
      list.map((a) => a.activationId),
    )
    .execute();
  const ids = new Set(held.map((h) => h.upstream_id));
  return list.filter((a) => !ids.has(a.activationId) && a.phone).sort((a, b) => Number(a.activationId) - Number(b.activationId));
}
