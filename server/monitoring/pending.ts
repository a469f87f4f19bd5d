import type { Ctx } from '../platform/context.js';
import { readUsdtConfig, watchedAddresses } from '../finance/index.js';
import { formatTime } from '../platform/lib/time.js';
import { deviceSeen, expiringBefore, expiringNumbers, isSilent } from '../intake/index.js';
import { liveStock } from '../goods-counts/index.js';
import { failingAggregators } from '../agents/index.js';

/** At most this many rows of one kind are named; the counts stay whole. */
const SHOWN = 10;
/** Unmatched messages older than this no longer wait: every link that could have taken them has ended. */
export const MESSAGE_WAIT_MS = 24 * 3600_000;

/** Enabled devices: the silent ones (longest silence first) by name, the others counted as online. */
export async function devicesPending(ctx: Ctx) {
  await deviceSeen(ctx.database).flush(); // what this process saw and has not written yet
  const now = ctx.now();
  const rows = await ctx.db
    .selectFrom('devices')
    .select(['id', 'name', 'enabled', 'last_seen_at', 'create_at'])
    .where('enabled', '=', 1)
    .execute();
  const silent = rows
    .filter((r) => isSilent(r, now, ctx.settings.deviceSilentMs))
    .map((r) => ({
      id: Number(r.id),
      name: r.name,
      heard: r.last_seen_at !== null,
      silent_ms: now - Number(r.last_seen_at ?? r.create_at),
    }))
    .sort((a, b) => b.silent_ms - a.silent_ms);
  return { online: rows.length - silent.length, silent_count: silent.length, silent: silent.slice(0, SHOWN) };
}

/** Messages with a code that reached no link in the last day: the inbox's 分配 waits on them. */
export async function messagesWaiting(ctx: Ctx): Promise<number> {
  const row = await ctx.db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('matched', '=', 0)
    .where('code', 'is not', null)
    .where('received_at', '>=', ctx.now() - MESSAGE_WAIT_MS)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Products on sale from stock with none left to sell. */
export async function soldOut(ctx: Ctx) {
  const rows = await ctx.db
    .selectFrom('goods')
    .select(['id', 'title'])
    .where('on_sale', '=', 1)
    .where('source', '=', 'stock')
    .where((eb) => eb(liveStock(), '<=', 0))
    .orderBy('id')
    .execute();
  return { count: rows.length, titles: rows.slice(0, SHOWN).map((r) => r.title) };
}

/** Enabled upstream providers whose last call failed (a success clears the error). */
export async function providersFailing(ctx: Ctx) {
  const rows = await ctx.db
    .selectFrom('providers')
    .select(['id', 'name', 'last_error', 'last_error_at'])
    .where('enabled', '=', 1)
    .where('last_error', 'is not', null)
    .orderBy('id')
    .limit(SHOWN)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    error: r.last_error ?? '',
    since_ms: ctx.now() - Number(r.last_error_at ?? ctx.now()),
  }));
}

/** Aggregators whose SMS pushes keep failing (the rule of the Telegram alert 聚合平台推送失败). */
export async function aggregatorsFailing(ctx: Ctx) {
  const now = ctx.now();
  const rows = await failingAggregators(ctx);
  return {
    count: rows.length,
    failing: rows.slice(0, SHOWN).map((r) => ({ id: r.id, name: r.name, error: r.error ?? '', since_ms: now - r.failingSince })),
  };
}

/**
 * Device numbers whose SIM is about to lapse or has lapsed (intake's rule, the one 设备号码 and the
 * Telegram alert use): counted, the soonest named with their 剩余, and the cut-off (business time)
 * the 设备号码 list is filtered to.
 */
export async function numbersExpiring(ctx: Ctx) {
  const now = ctx.now();
  const { total, list } = await expiringNumbers(ctx, SHOWN);
  return {
    count: total,
    days: ctx.settings.numberExpiryWarnDays,
    before: formatTime(expiringBefore(ctx, now), ctx.settings.timeZone),
    numbers: list.map((n) => ({ id: n.id, identifier: n.identifier, days_left_text: n.days_left_text })),
  };
}

/** Watched USDT addresses whose last read failed (a good read resets `failures`). */
export async function usdtWatcherFailing(ctx: Ctx) {
  const addresses = await watchedAddresses(ctx.db, await readUsdtConfig(ctx.db), ctx.now());
  if (!addresses.length) return [];
  const rows = await ctx.db
    .selectFrom('usdt_watch')
    .select(['address', 'last_error', 'last_error_at', 'failures'])
    .where('address', 'in', addresses)
    .where('failures', '>', 0)
    .execute();
  return rows.map((r) => ({
    address: r.address,
    error: r.last_error ?? '',
    failures: Number(r.failures),
    since_ms: ctx.now() - Number(r.last_error_at ?? ctx.now()),
  }));
}

/** Incoming USDT that paid no order and waits for a sup to attach it. */
export async function transfersUnmatched(ctx: Ctx): Promise<number> {
  const row = await ctx.db
    .selectFrom('usdt_transfers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('state', '=', 'unmatched')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Customers' webhook endpoints paused after a delivery's last failed try, until the customer turns them on. */
export async function webhooksPaused(ctx: Ctx) {
  const rows = await ctx.db
    .selectFrom('webhook_endpoints as w')
    .innerJoin('users as u', 'u.id', 'w.user_id')
    .select(['u.username'])
    .where('w.paused_at', 'is not', null)
    .where('w.enabled', '=', 1)
    .orderBy('w.paused_at')
    .execute();
  return { count: rows.length, users: rows.slice(0, SHOWN).map((r) => r.username) };
}
