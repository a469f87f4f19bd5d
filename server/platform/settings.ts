/**
 * The settings the platform itself reads. The product adds its own fields to this interface by
 * declaration merging (server/env.ts), so one `Settings` type travels in `Ctx` while the platform
 * names none of the product's.
 */
export interface Settings {
  /** Business time zone: "today" and "this month", and the times sent out. */
  timeZone: string;
  /** How long the hottest reads may come from a process's cache, in ms (0: off). */
  readCacheMs: number;
  logLevel: string;
  /** Where the built console lives; served when present. */
  staticDir?: string;
  /** Where the SQLite file (and key files) live. */
  dataDir: string;
  /** Reverse proxies in front (TRUST_PROXY): how many hops, or their addresses/subnets; 0 = none. */
  trustProxy: number | string;
  /** How long a client has to send its headers, and its whole request, before it is cut off (ms). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** A connection silent both ways this long is closed (ms); always more than the longest long poll. */
  idleTimeoutMs: number;
  /** The address customers reach the service at; unset: each request's own origin. */
  publicUrl?: string;
}
