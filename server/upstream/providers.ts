import type { Ctx } from '../platform/context.js';
import { secretBox } from '../platform/lib/secret-box.js';
import { fail } from '../platform/http/envelope.js';
import { UpstreamClient, type UpstreamOutcome } from './client.js';

export interface Provider {
  id: number;
  name: string;
  enabled: boolean;
  client: UpstreamClient;
}

/**
 * A provider and a client for it; the key, opened from its sealed form, stays inside the client (never
 * logged, never answered). A key that cannot be opened gives a client that refuses every call (BAD_KEY):
 * a purchase refunds its units, the jobs keep their links and note the error, instead of failing.
 */
export async function loadProvider(ctx: Ctx, id: number): Promise<Provider | null> {
  const row = await ctx.db
    .selectFrom('providers')
    .select(['id', 'name', 'base_url', 'api_key', 'enabled'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  let apiKey: string | null = null;
  try {
    apiKey = secretBox(ctx.settings).open(row.api_key);
  } catch {
    /* sealed under another DEVICE_SECRET_KEY */
  }
  return {
    id: Number(row.id),
    name: row.name,
    enabled: Boolean(Number(row.enabled)),
    client: new UpstreamClient({
      baseUrl: row.base_url,
      apiKey,
      timeoutMs: ctx.settings.upstreamTimeoutMs,
      allowPrivate: ctx.settings.webhookAllowPrivate,
    }),
  };
}

/** Providers by id for one round of a job: each loaded once. */
export function providerCache(ctx: Ctx) {
  const cache = new Map<number, Promise<Provider | null>>();
  return (id: number) => {
    let p = cache.get(id);
    if (!p) cache.set(id, (p = loadProvider(ctx, id)));
    return p;
  };
}

/** What the sup reads in the provider list: the provider's refusal or failure, and when. */
export async function noteError(ctx: Ctx, providerId: number, outcome: UpstreamOutcome<unknown>, action: string): Promise<void> {
  if (outcome.kind === 'ok') return;
  const word = outcome.kind === 'refused' ? outcome.word : outcome.cause;
  const text = `${action}: ${outcome.message} (${word}${outcome.detail ? ` ${outcome.detail}` : ''})`.slice(0, 255);
  ctx.log.warn({ provider: providerId, action, outcome: outcome.kind, word }, 'upstream provider call failed');
  await ctx.db.updateTable('providers').set({ last_error: text, last_error_at: ctx.now() }).where('id', '=', providerId).execute();
}

/** getBalance: the provider's balance and the time it was read; a failure becomes its last error. */
export async function refreshBalance(ctx: Ctx, providerId: number) {
  const provider = await loadProvider(ctx, providerId);
  if (!provider) throw fail.notFound('上游渠道不存在');
  const outcome = await provider.client.getBalance();
  if (outcome.kind !== 'ok') {
    await noteError(ctx, providerId, outcome, 'getBalance');
    throw fail.conflict(`查询上游余额失败：${outcome.message}`);
  }
  const now = ctx.now();
  await ctx.db
    .updateTable('providers')
    .set({ balance: outcome.value.cents, checked_at: now, last_error: null, last_error_at: null })
    .where('id', '=', providerId)
    .execute();
  return { balance: outcome.value.cents, checkedAt: now };
}
