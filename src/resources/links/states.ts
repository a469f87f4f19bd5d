import { linkStates } from '../link-states';

/** Which link states an action applies to (the server refuses the rest either way). */
const LIVE: readonly string[] = linkStates.live;
const CLOSED: readonly string[] = linkStates.closed;

type Row = Record<string, unknown>;

/** Resets left on a link, when its record says (the limit is snapshotted at purchase). */
export function resetsLeft(record: { reset_limit?: unknown; resets?: unknown }): number | null {
  const limit = Number(record.reset_limit);
  const used = Number(record.resets ?? 0);
  return Number.isFinite(limit) && record.reset_limit !== undefined && record.reset_limit !== null ? Math.max(0, limit - used) : null;
}

/** A link that has had a code (its last one shown, or its state says so). */
const hasCode = (r: Row) => Boolean(r.last_code) || r.state === 'code_received' || r.state === 'used_up';
/** A rental is ended, extended and cancelled by its own actions (结束, 续租), never as an activation. */
const rental = (r: Row) => r.kind === 'rent';

/**
 * Which rows each link action applies to. Loaded with the app (the actions' code comes later), so the
 * list lays out a row's links without them; the server refuses the rest either way.
 */
export const tokenActionShows = {
  /** 重提 (another code): a live link that had a code, with resets left. */
  reset: (r: Row) => LIVE.includes(String(r.state)) && hasCode(r) && resetsLeft(r) !== 0 && !rental(r),
  /** 完成: a live link that had its code. */
  finish: (r: Row) => LIVE.includes(String(r.state)) && hasCode(r) && !rental(r),
  /** 取消 (and the money back): a waiting link with no code yet, once its early-cancel window has passed (by the answer's clock). */
  cancel: (r: Row) =>
    r.state === 'active' && !hasCode(r) && !rental(r) && (r.timers as { cancel_in?: number | null } | undefined)?.cancel_in === 0,
  /** 续费: a link that has not ended, whose product can be renewed (the server says so per row). */
  renew: (r: Row) => !CLOSED.includes(String(r.state)) && r.renewable !== false,
  refund: (r: Row) => !CLOSED.includes(String(r.state)),
  copy: (r: Row) => Boolean(r.url),
};
