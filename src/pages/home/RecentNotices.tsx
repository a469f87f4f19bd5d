import { Card, Empty, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { SafeHtml } from '../../common/SafeHtml';
import './home.css';
import { noticeDate, noticeTitle } from './notice-title';
import { useRecentNotices, type NoticeItem } from './use-recent-notices';

/** The latest notices; a click opens one with its full content. */
export default function RecentNotices() {
  const { list, loading } = useRecentNotices();
  const [open, setOpen] = useState<NoticeItem | null>(null);
  return (
    <Card title="最近公告" size="small" style={{ height: '100%' }}>
      {loading ? <Skeleton active paragraph={{ rows: 4 }} /> : list.length === 0
        ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无公告" />
        : (
          // Plain rows: antd's List would bring its pagination (and that its page-size select) to the home screen.
          <ul className="home-notices">
            {list.map((notice) => (
              <li key={notice.id} data-testid="notice-item">
                <button type="button" className="home-notice-title" onClick={() => setOpen(notice)}>{noticeTitle(notice)}</button>
                <Typography.Text type="secondary">{noticeDate(notice.create_at)}</Typography.Text>
              </li>
            ))}
          </ul>
        )}
      <Modal open={!!open} title={open?.title || '公告详情'} onCancel={() => setOpen(null)} footer={null} width={560}>
        {open && (
          <>
            <SafeHtml html={open.content} style={{ maxHeight: '60vh', overflow: 'auto' }} />
            <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12, textAlign: 'right' }}>
              {noticeDate(open.create_at)}
            </Typography.Text>
          </>
        )}
      </Modal>
    </Card>
  );
}
