import { Empty, Modal, Skeleton } from 'antd';
import { Panel } from '../../framework/page/Panel';
import { useState } from 'react';
import { SafeHtml } from '../../common/SafeHtml';
import { isResellerSite, useSiteDetails } from '../../common/site';
import './home.css';
import { noticeDate, noticeTitle } from './notice-title';
import { useRecentNotices, type NoticeItem } from './use-recent-notices';

/**
 * The latest notices; a click opens one with its full content. On a reseller's site its own notice
 * comes first, then the platform's notices for every site's customers (the server leaves out those
 * for the main site's only, which may name it: docs/resellers.md).
 */
export default function RecentNotices() {
  const reseller = isResellerSite();
  // On the main site nothing is fetched: `details` stays null and `loading` false.
  const { details, loading: siteLoading } = useSiteDetails();
  const { list, loading } = useRecentNotices();
  const [open, setOpen] = useState<NoticeItem | null>(null);
  const own = details?.notice ?? '';
  return (
    <Panel title={reseller ? '公告' : '最近公告'} size="small" style={{ height: '100%' }}>
      {loading || siteLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !own && list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无公告" />
      ) : (
        <>
          {own && <SafeHtml html={own} style={list.length > 0 ? { marginBottom: 12 } : undefined} />}
          {list.length > 0 && (
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
        </>
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
