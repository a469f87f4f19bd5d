import { Button, Modal, Typography } from 'antd';
import { SafeHtml } from '../common/SafeHtml';
import type { Announcement } from './announcement';

/**
 * The announcement itself. Its own module: the HTML sanitiser it needs is loaded only when there is
 * an announcement to show, not with every console screen.
 */
export default function AnnouncementDialog({ notice, onClose, onSnooze }: { notice: Announcement; onClose(): void; onSnooze(): void }) {
  const day = Math.max(0, Number(notice.day ?? 0));
  return (
    <Modal
      open
      title={notice.title || '系统公告'}
      onCancel={onClose}
      width={560}
      footer={[
        day > 0 && (
          <Button key="snooze" onClick={onSnooze}>
            {day} 天内不再提醒
          </Button>
        ),
        <Button key="close" type="primary" onClick={onClose}>
          关闭
        </Button>,
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
