import type { Ctx } from '../platform/context.js';
import { deliverMessage, extractCode } from '../codes/index.js';
import type { SetStatusCode } from './client.js';
import type { Job } from '../platform/jobs/runner.js';
import { refundLink } from '../sales/index.js';
import { providerCache, noteError, type Provider } from './providers.js';
import { reconcileJob } from './reconcile.js';

const BATCH = 200;
/** Links polled at the same time. */
const PARALLEL = 8;
/** Links in these states will take no code: the provider is told (6 after a code, else 8). */
const ENDED = new Set(['refunded', 'revoked', 'expired', 'finished']);

type Link = {
  id: number;
  state: string;
  identifier: string;
  upstream_id: string | null;
  upstream_state: string | null;
  upstream_resets: number | null;
  resets: number;
  code_count: number;
  refund_at: number | null;
  expires_at: number;
  upstream_provider_id: number | null;
};

/**
 * Keeps each upstream link and its activation at the provider in step, one link at a time:
 * - ended here (refunded, revoked, expired, finished): setStatus 6 when it had a code, else 8;
 * - re-armed here (重提, or setStatus 3 through our handler): setStatus 3;
 * - waiting: getStatus; `STATUS_OK:<code>` is delivered through deliverMessage (source 'upstream',
 *   to the link's number) like any message; the provider cancelling refunds the customer;
 * - no code by the product's wait window: setStatus 8, then the refund (conditional, so the
 *   auto-refund job and this one never refund twice).
 * Provider failures become its last error and the link is tried again next round.
 */
export const pollJob: Job = {
  name: 'upstream-poll',
  async everyMs(ctx) {
    const any = await ctx.db
      .selectFrom('tokens')
      .select('id')
      .where('upstream_state', 'in', ['waiting', 'code'])
      .limit(1)
      .executeTakeFirst();
    return any ? ctx.settings.upstreamPollMs : 30_000;
  },
  async run(ctx) {
    const providers = providerCache(ctx);
    let after = 0;
    for (;;) {
      const links = await ctx.db
        .selectFrom('tokens')
        .select([
          'id',
          'state',
          'identifier',
          'upstream_id',
          'upstream_state',
          'upstream_resets',
          'resets',
          'code_count',
          'refund_at',
          'expires_at',
          'upstream_provider_id',
        ])
        .where('upstream_state', 'in', ['waiting', 'code'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(BATCH)
        .execute();
      if (!links.length) return;
      after = Number(links[links.length - 1].id);
      // A few links at a time: a round over many waiting links is bounded by the provider's latency / PARALLEL.
      for (let i = 0; i < links.length; i += PARALLEL) {
        await Promise.all(
          links.slice(i, i + PARALLEL).map(async (raw) => {
            const link = raw as unknown as Link;
            const provider = await providers(Number(link.upstream_provider_id));
            if (!provider || !link.upstream_id) return;
            await step(ctx, provider, link).catch((err) => ctx.log.error({ err, token: link.id }, 'upstream poll failed'));
          }),
        );
      }
    }
  },
};

async function step(ctx: Ctx, provider: Provider, link: Link): Promise<void> {
  const now = ctx.now();
  const state =
    link.state === 'active' || link.state === 'code_received' || link.state === 'used_up'
      ? Number(link.expires_at) <= now
        ? 'expired'
        : link.state
      : link.state;
  if (ENDED.has(state)) return close(ctx, provider, link, Number(link.code_count) > 0 || state === 'finished' ? 6 : 8);
  if (Number(link.resets) > Number(link.upstream_resets ?? 0)) return rearm(ctx, provider, link);
  if (link.upstream_state !== 'waiting') return;
  const got = await poll(ctx, provider, link);
  if (got || Number(link.code_count) > 0 || link.refund_at === null || Number(link.refund_at) > now) return;
  // The wait window passed without a code: cancel upstream, then refund (once, whoever gets there first).
  const cancel = await provider.client.setStatus(link.upstream_id!, 8);
  if (cancel.kind !== 'ok' && !(cancel.kind === 'refused' && cancel.word === 'NO_ACTIVATION')) {
    return noteError(ctx, provider.id, cancel, 'setStatus 8');
  }
  await refundLink(ctx, link.id, { remark: '超时未收到验证码，自动退款', auto: true });
  await setUpstream(ctx, link.id, 'done');
}

/** getStatus once; true when a code was delivered. */
async function poll(ctx: Ctx, provider: Provider, link: Link): Promise<boolean> {
  const status = await provider.client.getStatus(link.upstream_id!);
  if (status.kind !== 'ok') {
    await noteError(ctx, provider.id, status, 'getStatus');
    return false;
  }
  const { status: s, code } = status.value;
  if (s === 'OK' && code) {
    // The provider answers the code alone; anything that is not a plain code is given a keyword.
    const text = extractCode(code) === code ? code : `Code: ${code}`;
    await ctx.db
      .updateTable('tokens')
      .set({ upstream_state: 'code', upstream_at: ctx.now() })
      .where('id', '=', link.id)
      .where('upstream_state', '=', 'waiting')
      .execute();
    // No sender: the provider does not say who sent it.
    await deliverMessage(ctx, { source: 'upstream', recipient: link.identifier, sender: null, text, receivedAt: ctx.now() });
    return true;
  }
  if (s === 'CANCEL') {
    // The provider gave up on the number: no code will come.
    await refundLink(ctx, link.id, { remark: '上游已取消该号码，退款', noCode: true });
    await setUpstream(ctx, link.id, 'done');
  }
  return false;
}

/** Our link waits for another code: so does the activation (a refusal means it had none to replace). */
async function rearm(ctx: Ctx, provider: Provider, link: Link): Promise<void> {
  const retry = await provider.client.setStatus(link.upstream_id!, 3);
  if (retry.kind === 'unknown') return noteError(ctx, provider.id, retry, 'setStatus 3');
  if (retry.kind === 'refused' && retry.word !== 'BAD_STATUS') await noteError(ctx, provider.id, retry, 'setStatus 3');
  await ctx.db
    .updateTable('tokens')
    .set({ upstream_state: 'waiting', upstream_resets: link.resets, upstream_at: ctx.now() })
    .where('id', '=', link.id)
    .execute();
}

/** Tells the provider the activation is over (6 complete, 8 cancel); an activation it no longer knows is over too. */
async function close(ctx: Ctx, provider: Provider, link: Link, status: SetStatusCode): Promise<void> {
  const answer = await provider.client.setStatus(link.upstream_id!, status);
  if (answer.kind === 'unknown' || (answer.kind === 'refused' && answer.word === 'EARLY_CANCEL_DENIED')) {
    return noteError(ctx, provider.id, answer, `setStatus ${status}`);
  }
  if (answer.kind === 'refused' && answer.word !== 'NO_ACTIVATION') await noteError(ctx, provider.id, answer, `setStatus ${status}`);
  await setUpstream(ctx, link.id, 'done');
}

async function setUpstream(ctx: Ctx, id: number, state: string): Promise<void> {
  await ctx.db.updateTable('tokens').set({ upstream_state: state, upstream_at: ctx.now() }).where('id', '=', id).execute();
}

export const upstreamJobs: Job[] = [reconcileJob, pollJob];
