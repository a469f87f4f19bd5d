import { CheckCircleFilled, RightOutlined } from '@ant-design/icons';
import { Skeleton, Typography } from 'antd';
import { Link } from 'react-router';
import { resources } from '../../../resources.config';
import { Panel } from '../../framework/page/Panel';
import { pendingItems } from './pending-items';
import { usePending } from './use-pending';
import './pending.css';

/**
 * 待处理: what the staff member's role may act on and needs a hand now (silent devices, failing
 * feeds and aggregator pushes, codes waiting for 分配, SIMs about to lapse, sold-out products, paused
 * webhooks), each a link to the screen where it is done; the devices that report are counted in green.
 */
export default function PendingCard() {
  const { pending, failed } = usePending();
  const items = pending ? pendingItems(pending) : [];
  const online = pending?.devices?.online ?? 0;

  const body = () => {
    if (!pending) {
      if (failed) return <Typography.Text type="secondary">待处理事项暂时无法读取，请稍后刷新页面。</Typography.Text>;
      return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
    }
    return (
      <>
        {items.length ? (
          <ul className="home-pending">
            {items.map((item) => (
              <li key={item.key} data-testid={`pending-${item.key}`}>
                <Link to={item.to} className="home-pending-link">
                  <span className={`home-pending-tag home-pending-${item.tag.tone}`}>{item.tag.text}</span>
                  <span className="home-pending-text">{item.text}</span>
                  <RightOutlined aria-hidden className="home-pending-go" />
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <div className="home-pending-none" data-testid="pending-none">
            <CheckCircleFilled aria-hidden /> 没有待处理事项
          </div>
        )}
        {online > 0 && (
          <Link to={resources.devices.route} className="home-pending-link home-pending-online" data-testid="pending-online">
            <span className="home-pending-tag home-pending-good">在线</span>
            <span className="home-pending-text">{online} 台设备正常上报短信</span>
          </Link>
        )}
      </>
    );
  };

  return (
    <Panel title="待处理" size="small" style={{ marginBottom: 16 }} data-testid="pending-card" aria-busy={!pending && !failed}>
      {body()}
    </Panel>
  );
}
