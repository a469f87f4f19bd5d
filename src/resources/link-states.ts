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

/** How each state reads and is coloured, on every screen (the `tokens` resource's `state` options). */
export const linkStateOptions = {
  active: { label: '等待验证码', color: 'blue' },
  code_received: { label: '已收到验证码（可继续接收）', color: 'green' },
  // The link got the last code it may take: a success, not a failure.
  used_up: { label: '已收到验证码', color: 'green' },
  expired: { label: '已过期', color: 'default' },
  revoked: { label: '已撤销', color: 'red' },
  refunded: { label: '已退款', color: 'purple' },
  finished: { label: '已完成', color: 'cyan' },
} as const;
