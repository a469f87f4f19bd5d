import { linkStates } from '../link-states';

/** Which link states an action applies to (the server refuses the rest either way). */
const LIVE: readonly string[] = linkStates.live;
const CLOSED: readonly string[] = linkStates.closed;

type Row = Record<string, any>;

/** Resets left on a link, when its record says (the limit is snapshotted at purchase). */
export function resetsLeft(record: Row): number | null {
  const limit = Number(record.reset_limit);
  const used = Number(record.resets ?? 0);
  return Number.isFinite(limit) && record.reset_limit !== undefined && record.reset_limit !== null ? Math.max(0, limit - used) : null;
}

/**
 * Which rows each link action applies to. Loaded with the app (the actions' code comes later), so the
 * list lays out a row's links without them; the server refuses the rest either way.
 */
export const tokenActionShows = {
  /** 重提: a live link with resets left. */
  reset: (r: Row) => LIVE.includes(r.state) && resetsLeft(r) !== 0,
  /** 续费: a link that has not ended, whose product can be renewed (the server says so per row). */
  renew: (r: Row) => !CLOSED.includes(r.state) && r.renewable !== false,
  refund: (r: Row) => !CLOSED.includes(r.state),
  copy: (r: Row) => Boolean(r.url),
};
