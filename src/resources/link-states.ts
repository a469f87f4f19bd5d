/**
 * Which states of a link (the `state` options of the `tokens` resource) each rule applies to, for the
 * server's jobs and checks and the console's row actions alike. Kept apart from the declaration so
 * both can import it without importing each other.
 */
export const linkStates = {
  /** A link that can still receive or show codes (until it expires). */
  live: ['active', 'code_received', 'used_up'],
  /** A link a code may be delivered to. */
  receiving: ['active', 'code_received'],
  /** Where a link ends: no code will reach it again (finished: ended by its owner after a code). */
  closed: ['revoked', 'refunded', 'finished'],
} as const;
