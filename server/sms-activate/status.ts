import { sql } from 'kysely';
import { prepared } from '../platform/db/fast-query.js';
import { effectiveState } from '../links/index.js';
import { statusOk, statusWaitRetry, W } from './answers.js';
import { activationId, type Call } from './params.js';

// A rental (kind `rent`) is no activation: its id belongs to the getRent* family alone.
const linkById = prepared((db) =>
  db
    .selectFrom('tokens')
    .select(['user_id', 'state', 'last_code', 'last_text', 'last_code_at', 'expires_at', 'resets', 'code_count', 'create_at'])
    .where('id', '=', 0)
    .where('kind', '=', sql.lit('code')),
);
// Parameters: the link's id, then the limit (1).
const lastCodeOf = prepared((db) => db.selectFrom('code_records').select('code').where('token_id', '=', 0).orderBy('id', 'desc').limit(1));

export type LinkRow = Awaited<ReturnType<typeof linkById>>[number];

/** The activation (a code link, never a rental) behind an activation id, if it is this customer's. */
export async function ownLink(c: Call): Promise<{ id: number; row: LinkRow } | null> {
  const id = activationId(c.p.id);
  if (id === null) return null;
  const [row] = await linkById(c.ctx.database, [id]);
  return row && Number(row.user_id) === c.userId ? { id, row } : null;
}

/** Ended for the protocol: no code will come (expired, refunded, revoked, finished). */
export function ended(row: LinkRow, now: number): boolean {
  const state = effectiveState(row.state, Number(row.expires_at), now);
  return state !== 'active' && state !== 'code_received' && state !== 'used_up';
}

/**
 * A code as a client can split it: `STATUS_OK:<code>` is split on ':', and the Python client matches
 * whole answers, so a colon or whitespace never goes out (codes are digits and letters anyway).
 */
export const safeCode = (code: string | null) => (code ?? '').replace(/[:\s]/g, '');

/**
 * getStatus, polled about once a second per activation: one prepared read by primary key, a second
 * one only while waiting for another code after setStatus 3, and no write.
 */
export async function getStatus(c: Call): Promise<string> {
  const link = await ownLink(c);
  if (!link) return W.NO_ACTIVATION;
  const { row } = link;
  if (ended(row, c.ctx.now())) return W.STATUS_CANCEL;
  const code = safeCode(row.last_code);
  if (code) return statusOk(code);
  if (row.state === 'used_up') return W.STATUS_CANCEL;
  // Re-armed (setStatus 3, or 重提 in the console) after a code: waiting for the next one.
  if (Number(row.resets) > 0 && Number(row.code_count) > 0) {
    const [last] = await lastCodeOf(c.ctx.database, [link.id, 1]);
    const previous = safeCode(last?.code ?? null);
    if (previous) return statusWaitRetry(previous);
  }
  return W.STATUS_WAIT_CODE;
}
