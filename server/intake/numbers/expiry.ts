import type { Ctx } from '../../platform/context.js';
import { formatTime, startOfDay } from '../../platform/lib/time.js';

const DAY_MS = 86_400_000;

/** Whole days from today to the expiry's day, in the business time zone (0: it lapses today; negative: it has). */
export function daysLeft(expireAt: number, now: number, tz: string): number {
  return Math.round((startOfDay(expireAt, tz) - startOfDay(now, tz)) / DAY_MS);
}

/** 剩余 as the console shows it: empty without an expiry. */
export function daysLeftText(expireAt: number | null, now: number, tz: string): string {
  if (expireAt === null) return '';
  if (expireAt <= now) return '已到期';
  const days = daysLeft(expireAt, now, tz);
  return days <= 0 ? '今天到期' : `${days} 天`;
}

export interface Expiring {
  id: number;
  identifier: string;
  device_id: number | null;
  device_name: string | null;
  expire_at: string | null;
  days_left: number;
  days_left_text: string;
}

/** The cut-off of "about to lapse": numbers whose SIM lapses before it (NUMBER_EXPIRY_WARN_DAYS days ahead). */
export function expiringBefore(ctx: Ctx, now = ctx.now()): number {
  return now + ctx.settings.numberExpiryWarnDays * DAY_MS;
}

/**
 * Numbers whose SIM lapses within NUMBER_EXPIRY_WARN_DAYS (or has lapsed and is still recorded),
 * soonest first; `total` counts them all.
 */
export async function expiringNumbers(ctx: Ctx, limit = 50): Promise<{ total: number; list: Expiring[] }> {
  const now = ctx.now();
  const before = expiringBefore(ctx, now);
  const base = ctx.db.selectFrom('device_numbers as n').where('n.expire_at', 'is not', null).where('n.expire_at', '<=', before);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .leftJoin('devices as d', 'd.id', 'n.device_id')
    .select(['n.id', 'n.identifier', 'n.device_id', 'n.expire_at', 'd.name as device_name'])
    .orderBy('n.expire_at')
    .orderBy('n.id')
    .limit(limit)
    .execute();
  const tz = ctx.settings.timeZone;
  return {
    total: Number(count?.n ?? 0),
    list: rows.map((r) => ({
      id: Number(r.id),
      identifier: r.identifier,
      device_id: r.device_id === null ? null : Number(r.device_id),
      device_name: r.device_name ?? null,
      expire_at: formatTime(Number(r.expire_at), tz),
      days_left: daysLeft(Number(r.expire_at), now, tz),
      days_left_text: daysLeftText(Number(r.expire_at), now, tz),
    })),
  };
}
