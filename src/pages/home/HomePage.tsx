import { Col, Row, Skeleton } from 'antd';
import { Suspense, useEffect, type CSSProperties } from 'react';
import { lazyNow } from '../../framework/lazy-now';
import { Panel } from '../../framework/page/Panel';
import { allows, roleOf } from '../../../resources.config';
import { useAuthState } from '../../providers/use-auth-state';
import { refreshStaleUserInfo } from '../../common/user-info';
import AdminSummary from './AdminSummary';
import { isNewCustomer } from './new-customer';
import ProfileCard from './ProfileCard';
import { statCards } from './stat-cards';
import StatCards from './StatCards';
import { useStatistics } from './use-statistics';
import { currentGrants } from '../../providers/grants';

// Below a phone's first screen (and the first steps only for a customer who has bought nothing):
// fetched once the screen is drawn, not before it, with the HTML sanitiser they show content through.
const ContactCard = lazyNow(() => import('./ContactCard'));
const RecentNotices = lazyNow(() => import('./RecentNotices'));
const FirstSteps = lazyNow(() => import('./FirstSteps'));
// Staff only: a customer's home never fetches it.
const PendingCard = lazyNow(() => import('./PendingCard'));
// Staff who read the sales to aggregators (its own call; nothing drawn until an aggregator took a number).
const AgentSalesCard = lazyNow(() => import('./AgentSalesCard'));

/** A panel's place while its code arrives: its title and the skeleton it shows while loading. */
const waiting = (title: string, style: CSSProperties) => (
  <Panel title={title} size="small" style={style}>
    <Skeleton active paragraph={{ rows: 3 }} />
  </Panel>
);
const COLUMN = { height: '100%' };

/**
 * The home screen: profile, staff's pending items, sup totals, stat cards per role (a customer who has bought nothing yet
 * gets the first steps instead), contact and recent notices (docs/console-rules.md).
 */
export default function HomePage() {
  const { type, userInfo } = useAuthState();
  const role = roleOf(type);
  // Staff whose role does not read the platform's figures (operator, support) get no figure cards.
  const figures = role !== 'sup' || allows('sup:stats', role, currentGrants());
  const { stats, loading } = useStatistics();
  useEffect(() => {
    void refreshStaleUserInfo();
  }, []);

  // A customer who has bought nothing yet is led by 开始使用, above the profile (on a phone, the first screen).
  const firstSteps = role === 'customer' && stats && isNewCustomer(stats) && (
    <Suspense fallback={waiting('开始使用', { marginBottom: 16 })}>
      <FirstSteps toppedUp={stats.totalRecharge > 0 || (userInfo?.balance ?? 0) > 0} />
    </Suspense>
  );

  return (
    <>
      {firstSteps}
      {/* Staff are led by what needs their hand; the profile follows. */}
      {role === 'sup' && (
        <Suspense fallback={waiting('待处理', { marginBottom: 16 })}>
          <PendingCard />
        </Suspense>
      )}
      <ProfileCard user={userInfo} />
      {role === 'sup' && figures && <AdminSummary admin={stats?.admin} />}
      {!firstSteps && figures && <StatCards cards={stats || loading ? statCards(role, stats) : []} />}
      {role === 'sup' && allows('sup:agent.sales', role, currentGrants()) && (
        <Suspense fallback={null}>
          <AgentSalesCard />
        </Suspense>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Suspense fallback={waiting('联系我们', COLUMN)}>
            <ContactCard />
          </Suspense>
        </Col>
        <Col xs={24} lg={12}>
          <Suspense fallback={waiting('最近公告', COLUMN)}>
            <RecentNotices />
          </Suspense>
        </Col>
      </Row>
    </>
  );
}
