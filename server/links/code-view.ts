import type { Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';
import { effectiveState, receivesLeft } from './links.js';

/** What both doors to a link's codes (`/api/code/<token>` and `/c/<token>`) read of it, by its token. */
export const linkByTokenQuery = (db: Kysely<DB>, token = '') =>
  db
    .selectFrom('tokens as t')
    .innerJoin('goods as g', 'g.id', 't.goods_id')
    .select([
      't.id',
      't.state',
      't.identifier',
      't.last_code',
      't.last_text',
      't.last_code_at',
      't.expires_at',
      't.receive_limit',
      't.received',
      't.resets',
      't.code_count',
      't.refund_at',
      'g.title as product',
    ])
    .where('t.token', '=', token);

export interface LinkRow {
  id: number;
  state: string;
  identifier: string;
  last_code: string | null;
  last_text: string | null;
  last_code_at: number | null;
  expires_at: number;
  receive_limit: number;
  received: number;
  resets: number;
  code_count: number;
  refund_at: number | null;
  product: string;
}

/** What a code read answers about a link at a moment (times in ms; the route formats them). */
export function codeView(row: LinkRow, now: number) {
  const state = effectiveState(row.state, Number(row.expires_at), now);
  return {
    state,
    identifier: row.identifier,
    code: row.last_code,
    text: row.last_text,
    received_at: row.last_code_at === null ? null : Number(row.last_code_at),
    expires_at: Number(row.expires_at),
    receives_left: receivesLeft(Number(row.receive_limit), Number(row.received)),
    product: row.product,
    /** 重提 has cleared the last code and the link waits for a new one. */
    reset: state === 'active' && Number(row.resets) > 0 && !row.last_code,
    /** While no code has come: when the price goes back automatically (null: the product has no such refund). */
    refund_at: state === 'active' && Number(row.code_count) === 0 && row.refund_at !== null ? Number(row.refund_at) : null,
  };
}

export type CodeView = ReturnType<typeof codeView>;

/**
 * The SMS-Activate style answer. A link with a code says STATUS_OK with it as long as it lives,
 * used up included: a receive limit of 1 makes a link used up the moment its code arrives, and a
 * script polling once a second must still read that code. Expired, revoked, refunded and finished links,
 * and a used-up one without a code, say STATUS_CANCEL.
 */
export function statusText(view: CodeView): string {
  if (view.state === 'expired' || view.state === 'revoked' || view.state === 'refunded' || view.state === 'finished')
    return 'STATUS_CANCEL';
  if (view.code) return `STATUS_OK:${view.code}`;
  return view.state === 'used_up' ? 'STATUS_CANCEL' : 'STATUS_WAIT_CODE';
}

/**
 * Whether a `?wait=` read holds on: a script waits for a code; a page that shows `seen` (the code it
 * has, '' for none) waits while that is still what a live link would show, so a new code, a 重提
 * clearing the old one or the link ending answers at once.
 */
export function stillAsSeen(view: CodeView, seen: string | undefined): boolean {
  if (seen === undefined) return statusText(view) === 'STATUS_WAIT_CODE';
  return statusText(view) !== 'STATUS_CANCEL' && (view.code ?? '') === seen;
}
