import { Buckets } from '../platform/http/token-buckets.js';

/**
 * Wrong keys a client address may send per minute, in bursts of a third of it: an aggregator with a
 * mistyped key (a call every few seconds) is never limited, a guessing flood is.
 */
export const WRONG_KEYS_PER_SOURCE = 60;
/** Wrong keys for one aggregator per minute, from every address together: guessing spread over many. */
export const WRONG_KEYS_PER_AGGREGATOR = 120;
/** How long an address that sent an aggregator's right key stays exempt from that aggregator's limit. */
const PROVED_FOR_MS = 15 * 60_000;
/** The most proven addresses kept per aggregator (an aggregator calls from a few). */
const MAX_PROVED = 1000;

/**
 * The limits on wrong keys at `POST /api/agent/<id>`, with the in-memory token buckets the
 * SMS-Activate and 5sim doors limit their unknown keys with (each process keeps its own): per client
 * address, and per aggregator from all addresses. A call over either is refused before its key is
 * looked at. The aggregator's own addresses (those that sent its right key lately) are exempt from
 * its limit, as a login's usual address is from its account's: guesses from elsewhere cannot lock it out.
 */
export class WrongKeyLimits {
  private readonly perSource = new Buckets(WRONG_KEYS_PER_SOURCE, WRONG_KEYS_PER_SOURCE / 3);
  private readonly perAggregator = new Buckets(WRONG_KEYS_PER_AGGREGATOR, WRONG_KEYS_PER_AGGREGATOR / 3);
  private readonly proved = new Map<number, Map<string, number>>();

  /** Whether a call from `ip` for aggregator `id` is refused now, without its key being checked. */
  limited(ip: string, id: number, now: number): boolean {
    if (this.perSource.wait(ip, now)) return true;
    return this.perAggregator.wait(String(id), now) > 0 && !this.isProved(id, ip, now);
  }

  /** A wrong key (or no such aggregator: `id` null) from `ip`. */
  failed(ip: string, id: number | null, now: number): void {
    this.perSource.take(ip, now);
    if (id !== null) this.perAggregator.take(String(id), now);
  }

  /** The right key from `ip`: an address of the aggregator's own. */
  succeeded(ip: string, id: number, now: number): void {
    let addresses = this.proved.get(id);
    if (!addresses) this.proved.set(id, (addresses = new Map()));
    if (!addresses.has(ip) && addresses.size >= MAX_PROVED) {
      for (const [address, at] of addresses) if (now - at >= PROVED_FOR_MS) addresses.delete(address);
      if (addresses.size >= MAX_PROVED) addresses.clear();
    }
    addresses.set(ip, now);
  }

  private isProved(id: number, ip: string, now: number): boolean {
    const at = this.proved.get(id)?.get(ip);
    return at !== undefined && now - at < PROVED_FOR_MS && now >= at;
  }
}
