import type { Settings } from '../settings.js';

/** The longest a request may hold its answer open on purpose (GET /api/code/<token>?wait=60). */
export const LONGEST_WAIT_MS = 60_000;

/**
 * Limits on slow clients, as Fastify and Node's HTTP server take them. A client gets
 * `headersTimeoutMs` to send its headers and `requestTimeoutMs` to send its whole request (body
 * included), or it is answered 408 and cut off. Once a request is in, waiting for the answer is not
 * limited by those (long polls hold a request open without sending anything for up to 60 s); only a
 * connection silent in both directions for `idleTimeoutMs`, which must outlast the longest wait, is
 * closed. Node checks the first two on an interval (30 s by default), so they would run late.
 */
export function serverTimeouts(s: Settings) {
  return {
    requestTimeout: s.requestTimeoutMs,
    connectionTimeout: Math.max(s.idleTimeoutMs, LONGEST_WAIT_MS + 5_000),
    http: {
      headersTimeout: Math.min(s.headersTimeoutMs, s.requestTimeoutMs),
      requestTimeout: s.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(25, Math.min(1_000, Math.floor(s.headersTimeoutMs / 4))),
    },
  };
}
