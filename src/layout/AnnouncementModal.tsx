import { Button, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { SafeHtml } from '../common/SafeHtml';
import { authState } from '../providers/auth-state';
import { api } from '../providers/http';
import {
  closedThisLogin, readDismissal, saveClosed, saveDismissal, shouldShowAnnouncement, type Announcement,
} from './announcement';

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
    return () => { alive = false; };
  }, [user]);

  if (!notice) return null;
  const day = Math.max(0, Number(notice.day ?? 0));
  const close = () => {
    saveClosed(notice, authState.getLoginId());
    setNotice(null);
  };
  const snooze = () => { saveDismissal(notice, Date.now(), user); close(); };

  return (
    <Modal
      open
      title={notice.title || '系统公告'}
      onCancel={close}
      width={560}
      footer={[
        day > 0 && <Button key="snooze" onClick={snooze}>{day} 天内不再提醒</Button>,
        <Button key="close" type="primary" onClick={close}>关闭</Button>,
      ]}
    >
      <SafeHtml html={notice.content} style={{ maxHeight: '60vh', overflow: 'auto' }} />
      {notice.create_at && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12, textAlign: 'right' }}>
          {notice.create_at.slice(0, 10)}
        </Typography.Text>
      )}
    </Modal>
  );
}
