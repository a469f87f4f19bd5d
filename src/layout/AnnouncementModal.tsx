import { Suspense, lazy, useEffect, useState } from 'react';
import { authState } from '../providers/auth-state';
import { api } from '../providers/http';
import { closedThisLogin, readDismissal, saveClosed, saveDismissal, shouldShowAnnouncement, type Announcement } from './announcement';

const AnnouncementDialog = lazy(() => import('./AnnouncementDialog'));

/** One request per page load and session (the shell may mount more than once). */
let check: { token: string; answer: Promise<Announcement | null> } | null = null;

/** Test hook: forget that the announcement was fetched. */
export function resetAnnouncementCheck(): void {
  check = null;
}

function fetchOnce(token: string): Promise<Announcement | null> {
  if (check?.token !== token) {
    const answer = api.get<Announcement | null>('/api/notice/detail', undefined, { silent: true }).catch(() => null);
    check = { token, answer };
  }
  return check.answer;
}

/**
 * Mounted by the shell: shows the current announcement unless this user chose "不再提醒" within its
 * interval, or closed it since logging in.
 */
export default function AnnouncementModal() {
  const [notice, setNotice] = useState<Announcement | null>(null);
  const user = authState.getUserInfo()?.id ?? '';

  useEffect(() => {
    const token = authState.getToken();
    if (!token) return;
    let alive = true;
    void fetchOnce(token).then((data) => {
      if (!alive || !data || closedThisLogin(data, authState.getLoginId())) return;
      if (shouldShowAnnouncement(data, readDismissal(user), Date.now())) setNotice(data);
    });
    return () => {
      alive = false;
    };
  }, [user]);

  if (!notice) return null;
  const close = () => {
    saveClosed(notice, authState.getLoginId());
    setNotice(null);
  };
  const snooze = () => {
    saveDismissal(notice, Date.now(), user);
    close();
  };
  return (
    <Suspense fallback={null}>
      <AnnouncementDialog notice={notice} onClose={close} onSnooze={snooze} />
    </Suspense>
  );
}
