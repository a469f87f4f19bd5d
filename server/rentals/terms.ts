import type { Ctx } from '../platform/context.js';
import { fail } from '../platform/http/envelope.js';
import { resolveTarget } from '../platform/http/outbound-address.js';

export const HOUR = 3_600_000;
/** A rental that has received no SMS may be cancelled (and refunded) this long after it began. */
export const RENT_CANCEL_MS = 20 * 60_000;
/** The protocol's bounds on an extension's hours (continueRentNumber answers INVALID_TIME outside them). */
export const EXTEND_MIN_HOURS = 2;
export const EXTEND_MAX_HOURS = 1344;
/** The hours a getRentNumber without `rent_time` rents for (the protocol's default). */
export const DEFAULT_RENT_HOURS = 4;

/** A product's rental terms, as read from its row. */
export interface RentTerms {
  rentable: boolean;
  priceHour: number;
  minHours: number;
  maxHours: number;
}

export function rentTermsOf(g: {
  rentable: unknown;
  rent_price_hour: unknown;
  rent_min_hours: unknown;
  rent_max_hours: unknown;
}): RentTerms {
  return {
    rentable: Number(g.rentable) === 1 && Number(g.rent_price_hour) > 0,
    priceHour: Number(g.rent_price_hour),
    minHours: Number(g.rent_min_hours),
    maxHours: Number(g.rent_max_hours),
  };
}

/** Whether a rental of `hours` may be bought on these terms. */
export function hoursAllowed(t: RentTerms, hours: number): boolean {
  return Number.isSafeInteger(hours) && hours >= t.minHours && hours <= t.maxHours;
}

/** Whether an extension of `hours` is allowed: the protocol's bounds, and never more than the product's longest rental at once. */
export function extensionAllowed(t: RentTerms, hours: number): boolean {
  return Number.isSafeInteger(hours) && hours >= EXTEND_MIN_HOURS && hours <= Math.min(EXTEND_MAX_HOURS, t.maxHours);
}

/** What a rental (or an extension) of `hours` costs: the product's hourly price, the same for every customer (like 续费). */
export const rentAmount = (t: RentTerms, hours: number) => t.priceHour * hours;

/** The refusal of a purchase whose rental terms do not fit (a 400 the protocol turns into its words). */
export function rentRefusal(t: RentTerms, hours: number) {
  if (!t.rentable) return fail.badInput('该商品不支持租用');
  if (!hoursAllowed(t, hours)) {
    const m = `租用时长应在 ${t.minHours} 到 ${t.maxHours} 小时之间`;
    return fail.badInput(m, { hours: m });
  }
  return null;
}

/** The longest rental url stored (tokens.rent_url, rent_pushes.url). */
const URL_MAX = 1024;

/**
 * The address a rental's SMS are POSTed to: http or https only, at most 1024 characters; null when
 * none was given. Throws a 400 for anything else.
 */
export function rentUrl(raw: string | undefined | null): string | null {
  const text = (raw ?? '').trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw fail.badInput('推送地址不是有效的网址', { url: '推送地址不是有效的网址' });
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw fail.badInput('推送地址只能是 http 或 https 网址', { url: '推送地址只能是 http 或 https 网址' });
  }
  // The form stored (and POSTed to) is the normalized one, which may be longer than the text given.
  const normalized = url.toString();
  if (normalized.length > URL_MAX) throw fail.badInput(`推送地址最多 ${URL_MAX} 个字符`, { url: `推送地址最多 ${URL_MAX} 个字符` });
  return normalized;
}

/** How long resolving a rental url's name may take when the rental is bought. */
const RESOLVE_MS = 5_000;

/**
 * A rental url as `rentUrl` takes it, whose name also resolves, now, to addresses a push may reach
 * (public ones unless the operator allows private targets). Each push checks again before it sends.
 */
export async function checkedRentUrl(ctx: Ctx, raw: string | undefined | null): Promise<string | null> {
  const url = rentUrl(raw);
  if (url === null) return null;
  const resolved = await resolveTarget(new URL(url), ctx.settings.webhookAllowPrivate, RESOLVE_MS, '推送地址');
  if (!resolved.ok) throw fail.badInput(resolved.error, { url: resolved.error });
  return url;
}
