/** The announcement (`GET /api/notice/detail`) and the "no reminder for N days" rule of SPEC.md section 4. */
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

export const DISMISSED_AT_KEY = 'notice_dismissed_at';
export const DISMISSED_ID_KEY = 'notice_dismissed_id';
const DAY_MS = 24 * 60 * 60 * 1000;

/** Shown if never dismissed, if a different announcement was dismissed, or if `day` days have passed. */
export function shouldShowAnnouncement(notice: Announcement | null | undefined, dismissal: Dismissal | null, now: number): boolean {
  if (!notice) return false;
  if (!dismissal || !Number.isFinite(dismissal.at)) return true;
  if (notice.id !== undefined && dismissal.id !== null && dismissal.id !== notice.id) return true;
  const days = (now - dismissal.at) / DAY_MS;
  return days >= Math.max(0, Number(notice.day ?? 0));
}

export function readDismissal(storage: Pick<Storage, 'getItem'> = localStorage): Dismissal | null {
  try {
    const at = storage.getItem(DISMISSED_AT_KEY);
    if (at === null) return null;
    const id = storage.getItem(DISMISSED_ID_KEY);
    return { at: Number(at), id: id === null || id === '' ? null : Number(id) };
  } catch {
    return null;
  }
}

export function saveDismissal(notice: Announcement, now: number, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(DISMISSED_AT_KEY, String(now));
    storage.setItem(DISMISSED_ID_KEY, notice.id === undefined ? '' : String(notice.id));
  } catch {
    // Private mode without storage: the announcement simply shows again next time.
  }
}
