/**
 * The announcement (`GET /api/notice/detail`) and when it shows: "不再提醒" hides it for `day` days
 * for that user (others on the same browser still see it); "关闭" hides it until that user's next
 * login.
 */
export interface Announcement {
  id?: number;
  title?: string | null;
  content?: string | null;
  day?: number | null;
  create_at?: string | null;
}

export interface Dismissal {
  /** When "不再提醒" was clicked (ms since epoch). */
  at: number;
  /** Which announcement it was; a different one shows at once. */
  id: number | null;
}

/** Per user: `notice_dismissed_at:<user id>`. */
export const DISMISSED_AT_KEY = 'notice_dismissed_at';
export const DISMISSED_ID_KEY = 'notice_dismissed_id';
/** The announcement closed in which login: `{ login, id }`. */
export const CLOSED_KEY = 'notice_closed';
const DAY_MS = 24 * 60 * 60 * 1000;

type Read = Pick<Storage, 'getItem'>;
type Write = Pick<Storage, 'setItem'>;

/** Shown if never dismissed, if a different announcement was dismissed, or if `day` days have passed. */
export function shouldShowAnnouncement(notice: Announcement | null | undefined, dismissal: Dismissal | null, now: number): boolean {
  if (!notice) return false;
  if (!dismissal || !Number.isFinite(dismissal.at)) return true;
  if (notice.id !== undefined && dismissal.id !== null && dismissal.id !== notice.id) return true;
  const days = (now - dismissal.at) / DAY_MS;
  return days >= Math.max(0, Number(notice.day ?? 0));
}

export function readDismissal(user: string | number, storage: Read = localStorage): Dismissal | null {
  try {
    const at = storage.getItem(`${DISMISSED_AT_KEY}:${user}`);
    if (at === null) return null;
    const id = storage.getItem(`${DISMISSED_ID_KEY}:${user}`);
    return { at: Number(at), id: id === null || id === '' ? null : Number(id) };
  } catch {
    return null;
  }
}

export function saveDismissal(notice: Announcement, now: number, user: string | number, storage: Write = localStorage): void {
  try {
    storage.setItem(`${DISMISSED_AT_KEY}:${user}`, String(now));
    storage.setItem(`${DISMISSED_ID_KEY}:${user}`, notice.id === undefined ? '' : String(notice.id));
  } catch {
    // Private mode without storage: the announcement simply shows again next time.
  }
}

/** Whether this announcement was closed during this login. */
export function closedThisLogin(notice: Announcement, login: string | null, storage: Read = localStorage): boolean {
  try {
    const closed = JSON.parse(storage.getItem(CLOSED_KEY) ?? 'null') as { login?: string | null; id?: number | null } | null;
    return !!closed && closed.login === login && closed.id === (notice.id ?? null);
  } catch {
    return false;
  }
}

export function saveClosed(notice: Announcement, login: string | null, storage: Write = localStorage): void {
  try {
    storage.setItem(CLOSED_KEY, JSON.stringify({ login, id: notice.id ?? null }));
  } catch {
    // No storage: it shows again on the next page load.
  }
}
