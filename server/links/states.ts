/** A link that can still receive or show codes (until it expires). */
export const LIVE = ['active', 'code_received', 'used_up'] as const;
/** A link a code may be delivered to. */
export const RECEIVING = ['active', 'code_received'] as const;
/** Where a link ends: no code will reach it again (finished: ended by its owner after a code). */
export const CLOSED = ['revoked', 'refunded', 'finished'] as const;

/** The state an expired link returns to when renewed: what it was before it expired. */
export function stateAfterRenewal(t: { received: number; receive_limit: number; last_code: string | null }): string {
  if (t.receive_limit > 0 && t.received >= t.receive_limit) return 'used_up';
  return t.last_code ? 'code_received' : 'active';
}
