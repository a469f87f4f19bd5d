/**
 * Whether an error says the database cannot be reached right now (stopped, restarting, shutting
 * down, out of connection slots, the network) rather than that it refused a query: the request was
 * fine and may be sent again in a moment (HTTP 503). Only the error itself is looked at, not its
 * `cause`: a failed outbound HTTP call (fetch) carries a network code there, and is no database outage.
 */

/** The socket errors of a connection to the database that cannot be made or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ENETDOWN',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** PostgreSQL's SQLSTATEs for the same: class 08 (connection exception), admin/crash shutdown, starting up, too many connections. */
const PG_STATES = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;

/** What the pg driver says when a connection ends or cannot be had in time (it sets no code). */
const PG_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; severity?: unknown; message?: unknown; syscall?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (SOCKET_CODES.has(e.code)) return true;
    // A missing Unix socket: the server is not running.
    if (e.code === 'ENOENT' && e.syscall === 'connect') return true;
    // The server's own answer (a DatabaseError carries a severity).
    if (typeof e.severity === 'string' && PG_STATES.test(e.code)) return true;
  }
  if (typeof e.message === 'string' && PG_MESSAGES.test(e.message)) return true;
  // Every address of the host refused (Node tries each of localhost's, then gives all their errors).
  return Array.isArray(e.errors) && e.errors.length > 0 && e.errors.every(isDatabaseUnavailable);
}
