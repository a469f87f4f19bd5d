import { Button, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { SafeHtml } from '../pages/shared/SafeHtml';
import { authState } from '../providers/auth-state';
import { api } from '../providers/http';
import { readDismissal, saveDismissal, shouldShowAnnouncement, type Announcement } from './announcement';

/** One check per page load and session; `handled` once the user closed it. */
let check: { token: string; answer: Promise<Announcement | null>; handled: boolean } | null = null;

/** Test hook: forget that the announcement was checked. */
export function resetAnnouncementCheck(): void {
  check = null;
}

function currentCheck(token: string) {
  if (check?.token !== token) {
    const answer = api.get<Announcement | null>('/api/notice/detail', undefined, { silent: true }).catch(() => null);
    check = { token, answer, handled: false };
  }
  return check;
}

/** Mounted by the shell: on load shows the current announcement unless it was dismissed recently. */
export default function AnnouncementModal() {
  const [notice, setNotice] = useState<Announcement | null>(null);

  useEffect(() => {
    const token = authState.getToken();
    if (!token) return;
    const current = currentCheck(token);
    let alive = true;
    current.answer.then((data) => {
      if (alive && !current.handled && shouldShowAnnouncement(data, readDismissal(), Date.now())) setNotice(data);
    });
    return () => { alive = false; };
  }, []);

  if (!notice) return null;
  const day = Math.max(0, Number(notice.day ?? 0));
  const close = () => {
    if (check) check.handled = true;
    setNotice(null);
  };
  const snooze = () => { saveDismissal(notice, Date.now()); close(); };

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
