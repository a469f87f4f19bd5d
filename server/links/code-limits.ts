import type { Ctx } from '../platform/context.js';
import { Buckets } from '../platform/http/token-buckets.js';

/**
 * The limits on reading a link's codes, one budget whichever door the read comes through
 * (`/api/code/<token>` or the `/c/<token>` page): per client address, checked before the lookup,
 * and per link, checked once the link is found (unknown tokens fill no bucket). Kept in this
 * process's memory: a code read writes nothing to the database.
 */
export interface CodeLimits {
  /** 0 when the address may read now, else the seconds to wait. */
  address(ip: string, now: number): number;
  /** 0 when the link may be read now, else the seconds to wait. */
  link(token: string, now: number): number;
}

/** Sustained `perMinute` with bursts of a sixth of it (at least 10). */
const buckets = (perMinute: number) => new Buckets(perMinute, Math.max(10, Math.ceil(perMinute / 6)));

export function codeLimits(settings: Ctx['settings']): CodeLimits {
  const perLink = buckets(settings.codeRatePerToken);
  const perAddress = buckets(settings.codeRatePerAddress);
  return {
    address: (ip, now) => perAddress.take(ip, now),
    link: (token, now) => perLink.take(token, now),
  };
}
