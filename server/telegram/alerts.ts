import type { Ctx } from '../platform/context.js';
import { formatTime, startOfDay } from '../platform/lib/time.js';
import { deviceSeen, expiringNumbers } from '../intake/index.js';
import { liveStock } from '../goods-counts/index.js';
import { failingAggregators } from '../agents/index.js';
import { readBotConfig } from './bot-config.js';
import type { EventName } from './events.js';
import { tells } from './events.js';
import { enqueueMany } from './outbox.js';
import * as t from './texts.js';

/** A condition that holds now: its key (told once until it is gone) and what to tell whom. */
export interface Condition {
  key: string;
  text: string;
  /** The sup event it belongs to (every bound sup that chose it is told). */
  event: EventName;
  /** Also told: this account's own chat when it chose the event (a customer's own low balance, its own webhook). */
  userId?: number;
  /** Only the user, no sup (a customer's balance). */
  onlyUser?: boolean;
}

/**
 * Tells each condition once: a condition not told before is told and remembered; a remembered one
 * that no longer holds is forgotten (so it is told again when it comes back). `kinds` are the key
 * prefixes checked this round: only their cleared conditions are forgotten.
 */
export async function tellOnce(ctx: Ctx, kinds: string[], conditions: Condition[]): Promise<number> {
  const now = ctx.now();
  const held = await ctx.db
    .selectFrom('telegram_alerts')
    .select('key')
    .where((eb) => eb.or(kinds.map((k) => eb('key', 'like', `${k}:%`))))
    .execute();
  const known = new Set(held.map((r) => r.key));
  const active = new Set(conditions.map((c) => c.key));
  const cleared = [...known].filter((k) => !active.has(k));
  const fresh = conditions.filter((c) => !known.has(c.key));
  if (cleared.length) await ctx.db.deleteFrom('telegram_alerts').where('key', 'in', cleared).execute();
  if (!fresh.length) return 0;

  // Active accounts only; a sup's choice counts while their staff role still allows the event.
  const bindings = await ctx.db
    .selectFrom('telegram_bindings as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['b.user_id', 'b.chat_id', 'b.events', 'u.type', 'u.role'])
    .where('u.status', '=', 'active')
    .execute();
  let told = 0;
  for (const c of fresh) {
    const chats = bindings
      .filter((b) => tells(b, c.event) && ((c.userId !== undefined && Number(b.user_id) === c.userId) || (!c.onlyUser && b.type === 'sup')))
      .map((b) => ({ chatId: Number(b.chat_id), text: c.text }));
    await ctx.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('telegram_alerts')
        .values({ key: c.key, told_at: now })
        .onConflict((oc) => oc.column('key').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return;
      await enqueueMany(trx, chats, now);
      told += chats.length;
    });
  }
  return told;
}

/** Enabled devices that sent nothing for DEVICE_SILENT_MINUTES. */
async function silentDevices(ctx: Ctx, base: string | null): Promise<Condition[]> {
  await deviceSeen(ctx.database).flush();
  const since = ctx.now() - ctx.settings.deviceSilentMs;
  const rows = await ctx.db
    .selectFrom('devices')
    .select(['id', 'name', 'last_seen_at'])
    .where('enabled', '=', 1)
    .where((eb) => eb.or([eb('last_seen_at', '<', since), eb.and([eb('last_seen_at', 'is', null), eb('create_at', '<', since)])]))
    .orderBy('id')
    .limit(500)
    .execute();
  const minutes = Math.round(ctx.settings.deviceSilentMs / 60_000);
  return rows.map((r) => ({
    key: `device:${r.id}`,
    event: 'device_silent',
    text: t.deviceSilentText(
      r.name,
      minutes,
      formatTime(r.last_seen_at === null ? null : Number(r.last_seen_at), ctx.settings.timeZone),
      base,
    ),
  }));
}

/** Numbers whose SIM lapses within NUMBER_EXPIRY_WARN_DAYS: one message a day while there are any. */
async function expiringSims(ctx: Ctx, base: string | null): Promise<Condition[]> {
  const { total, list } = await expiringNumbers(ctx, 10);
  if (!total) return [];
  const day = formatTime(startOfDay(ctx.now(), ctx.settings.timeZone), ctx.settings.timeZone)!.slice(0, 10);
  return [
    { key: `numbers:${day}`, event: 'number_expiring', text: t.numbersExpiringText(ctx.settings.numberExpiryWarnDays, total, list, base) },
  ];
}

/** Products whose available stock is below their `stock_alert`. */
async function lowStock(ctx: Ctx, base: string | null): Promise<Condition[]> {
  const rows = await ctx.db
    .selectFrom('goods')
    .select(['id', 'title', 'stock_alert', liveStock().as('stock')])
    .where('stock_alert', '>', 0)
    .where('source', '=', 'stock')
    .where((eb) => eb(liveStock(), '<', eb.ref('stock_alert')))
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    key: `stock:${r.id}`,
    event: 'stock_low',
    text: t.stockLowText(r.title, Number(r.stock), Number(r.stock_alert), base),
  }));
}

/** Enabled providers whose last known balance is below their `balance_alert`. */
async function lowUpstream(ctx: Ctx, base: string | null): Promise<Condition[]> {
  const rows = await ctx.db
    .selectFrom('providers')
    .select(['id', 'name', 'balance', 'balance_alert'])
    .where('enabled', '=', 1)
    .where('balance_alert', '>', 0)
    .where('balance', 'is not', null)
    .whereRef('balance', '<', 'balance_alert')
    .execute();
  return rows.map((r) => ({
    key: `upstream:${r.id}`,
    event: 'upstream_low',
    text: t.upstreamLowText(r.name, Number(r.balance), Number(r.balance_alert), base),
  }));
}

/** Aggregators whose SMS pushes keep failing: monitoring's rule, shared with the 待处理 card. */
async function failingAgents(ctx: Ctx, base: string | null): Promise<Condition[]> {
  const now = ctx.now();
  return (await failingAggregators(ctx)).map((r) => ({
    key: `agent:${r.id}`,
    event: 'agent_failing',
    text: t.agentFailingText(r.name, Math.floor((now - r.failingSince) / 60_000), r.error, base),
  }));
}

/** Incoming USDT that paid no order, until a sup attaches it. */
async function unmatchedTransfers(ctx: Ctx, base: string | null): Promise<Condition[]> {
  const rows = await ctx.db
    .selectFrom('usdt_transfers')
    .select(['id', 'amount', 'from', 'tx_hash'])
    .where('state', '=', 'unmatched')
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.map((r) => ({
    key: `transfer:${r.id}`,
    event: 'transfer_unmatched',
    text: t.transferText(Number(r.amount), r.from, r.tx_hash, base),
  }));
}

/** Bound customers below the threshold they set. */
async function lowBalances(ctx: Ctx, base: string | null): Promise<Condition[]> {
  const rows = await ctx.db
    .selectFrom('telegram_bindings as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['u.id', 'u.username', 'u.balance', 'u.type', 'u.role', 'b.balance_threshold', 'b.events'])
    .where('u.status', '=', 'active')
    .where('b.balance_threshold', '>', 0)
    .whereRef('u.balance', '<', 'b.balance_threshold')
    .execute();
  return rows
    .filter((r) => tells(r, 'balance_low'))
    .map((r) => ({
      key: `balance:${r.id}`,
      event: 'balance_low',
      userId: Number(r.id),
      onlyUser: true,
      text: t.balanceLowText(r.username, Number(r.balance), Number(r.balance_threshold), base),
    }));
}

/**
 * Customer webhook endpoints the webhooks area paused after a delivery's last failed try
 * (`webhook_endpoints.paused_at`, server/webhooks): paused until the customer turns it on again.
 */
async function pausedWebhooks(ctx: Ctx) {
  const rows = await ctx.db
    .selectFrom('webhook_endpoints as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['w.user_id', 'w.url', 'u.username'])
    .where('w.paused_at', 'is not', null)
    .orderBy('w.user_id')
    .limit(500)
    .execute();
  return rows.map((r) => ({ userId: Number(r.user_id), username: r.username, url: r.url }));
}

async function failingWebhooks(ctx: Ctx, base: string | null): Promise<Condition[]> {
  const rows = await pausedWebhooks(ctx);
  // The customer is told of their own endpoint; each sup who chose it, with the customer's name.
  return rows.flatMap((r) => [
    {
      key: `webhook:${r.userId}`,
      event: 'webhook_failing' as const,
      userId: r.userId,
      onlyUser: true,
      text: t.webhookFailingText(null, r.url, base),
    },
    { key: `webhook-sup:${r.userId}`, event: 'webhook_failing' as const, text: t.webhookFailingText(r.username, r.url, base) },
  ]);
}

/** One round of every condition. */
export async function watchConditions(ctx: Ctx): Promise<number> {
  const base = (await readBotConfig(ctx)).consoleUrl;
  const checks: [string[], (ctx: Ctx, base: string | null) => Promise<Condition[]>][] = [
    [['device'], silentDevices],
    [['numbers'], expiringSims],
    [['stock'], lowStock],
    [['upstream'], lowUpstream],
    [['agent'], failingAgents],
    [['transfer'], unmatchedTransfers],
    [['balance'], lowBalances],
    [['webhook', 'webhook-sup'], failingWebhooks],
  ];
  let told = 0;
  for (const [kinds, check] of checks) {
    try {
      told += await tellOnce(ctx, kinds, await check(ctx, base));
    } catch (err) {
      ctx.log.error({ err, alert: kinds[0] }, 'telegram alert check failed');
    }
  }
  return told;
}
