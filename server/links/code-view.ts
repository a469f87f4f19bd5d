import { effectiveState, receivesLeft } from './links.js';

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
}

/** What a code read answers about a link at a moment (times in ms; the route formats them). */
export function codeView(row: LinkRow, now: number) {
  return {
    state: effectiveState(row.state, Number(row.expires_at), now),
    identifier: row.identifier,
    code: row.last_code,
    text: row.last_text,
    received_at: row.last_code_at === null ? null : Number(row.last_code_at),
    expires_at: Number(row.expires_at),
    receives_left: receivesLeft(Number(row.receive_limit), Number(row.received)),
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
  if (view.state === 'expired' || view.state === 'revoked' || view.state === 'refunded' || view.state === 'finished') return 'STATUS_CANCEL';
  if (view.code) return `STATUS_OK:${view.code}`;
  return view.state === 'used_up' ? 'STATUS_CANCEL' : 'STATUS_WAIT_CODE';
}
