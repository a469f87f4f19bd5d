/**
 * Where a customer's webhook may point: the platform's rules for addresses someone typed in
 * (server/platform/http/outbound-address.ts: public http or https only, checked after DNS, private
 * addresses only with WEBHOOK_ALLOW_PRIVATE=1), worded for the customer as 回调地址. The check runs
 * when the URL is set and again before each delivery, and the delivery connects to the address that
 * was checked (send.ts).
 */
import * as outbound from '../platform/http/outbound-address.js';

export type { Target } from '../platform/http/outbound-address.js';
export { useDnsServers } from '../platform/http/outbound-address.js';

export type Resolved = { ok: true; target: outbound.Target } | { ok: false; error: string };

const NOUN = '回调地址';

/** Why an address may not be a webhook's target (Chinese, for the customer), or null when it may. */
export function refusedAddress(address: string, allowPrivate: boolean): string | null {
  return outbound.refusedAddress(address, allowPrivate, NOUN);
}

/** What is wrong with a URL's form (scheme, credentials, length), or null; the address is checked by `resolveTarget`. */
export function badUrl(raw: string): string | null {
  return outbound.badUrl(raw, NOUN);
}

/** The host of a URL resolved and checked: the address to connect to, or why not. */
export async function resolveTarget(url: URL, allowPrivate: boolean, timeoutMs: number): Promise<Resolved> {
  const r = await outbound.resolveTarget(url, allowPrivate, timeoutMs, NOUN);
  return r.ok ? r : { ok: false, error: r.error };
}
