import { linkStates } from '../../link-states';

const LIVE: readonly string[] = linkStates.live;

type Row = Record<string, unknown>;

/** Which rows the rental actions apply to (the server refuses the rest either way). */
export const rentActionShows = {
  /** 短信: any rental, running or ended (its SMS are kept). */
  sms: (r: Row) => r.kind === 'rent',
  /** 续租 and 结束: a rental still running. */
  running: (r: Row) => r.kind === 'rent' && LIVE.includes(String(r.state)),
};
