import { Empty, Modal, Skeleton } from 'antd';
import { Panel } from '../../framework/page/Panel';
import { useState } from 'react';
import { SafeHtml } from '../../common/SafeHtml';
import { isResellerSite, useSiteDetails } from '../../common/site';
import './home.css';
import { noticeDate, noticeTitle } from './notice-title';
import { useRecentNotices, type NoticeItem } from './use-recent-notices';

/** The latest notices; a click opens one with its full content. A reseller's site shows its own notice instead. */
export default function RecentNotices() {
  return isResellerSite() ? <ResellerNotice /> : <MainNotices />;
}

/** A reseller's notice (its site's, never the main site's). */
function ResellerNotice() {
  const { details, loading } = useSiteDetails();
  return (
    <Panel title="公告" size="small" style={{ height: '100%' }}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : details?.notice ? (
        <SafeHtml html={details.notice} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无公告" />
      )}
    </Panel>
  );
}

function MainNotices() {
  const { list, loading } = useRecentNotices();
  const [open, setOpen] = useState<NoticeItem | null>(null);
  return (
    <Panel title="最近公告" size="small" style={{ height: '100%' }}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无公告" />
      ) : (
        // Plain rows: antd's List would bring its pagination (and that its page-size select) to the home screen.
        <ul className="home-notices">
          {list.map((notice) => (
            <li key={notice.id} data-testid="notice-item">
              <button type="button" className="home-notice-title" onClick={() => setOpen(notice)}>
                {noticeTitle(notice)}
              </button>
              <span className="fw-quiet">{noticeDate(notice.create_at)}</span>
            </li>
          ))}
        </ul>
      )}
      <Modal open={!!open} title={open?.title || '公告详情'} onCancel={() => setOpen(null)} footer={null} width={560}>
        {open && (
          <>
            <SafeHtml html={open.content} style={{ maxHeight: '60vh', overflow: 'auto' }} />
            <div className="fw-quiet" style={{ marginTop: 12, textAlign: 'right' }}>
              {noticeDate(open.create_at)}
            </div>
          </>
        )}
      </Modal>
    </Panel>
  );
}
