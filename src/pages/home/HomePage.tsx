import { Col, Row } from 'antd';
import { useEffect } from 'react';
import { allows, roleOf } from '../../../resources.config';
import { useAuthState } from '../../providers/use-auth-state';
import { refreshStaleUserInfo } from '../../common/user-info';
import AdminSummary from './AdminSummary';
import ContactCard from './ContactCard';
import FirstSteps, { isNewCustomer } from './FirstSteps';
import ProfileCard from './ProfileCard';
import RecentNotices from './RecentNotices';
import { statCards } from './stat-cards';
import StatCards from './StatCards';
import { useStatistics } from './use-statistics';
import { currentGrants } from '../../providers/grants';

/**
 * The home screen: profile, sup totals, stat cards per role (a customer who has bought nothing yet
 * gets the first steps instead), contact and recent notices (docs/console-rules.md).
 */
export default function HomePage() {
  const { type, userInfo } = useAuthState();
  const role = roleOf(type);
  // Staff whose role does not read the platform's figures (operator, support) get no figure cards.
  const figures = role !== 'sup' || allows('sup:stats', role, currentGrants());
  const { stats, loading } = useStatistics();
  useEffect(() => { void refreshStaleUserInfo(); }, []);

  return (
    <>
      <ProfileCard user={userInfo} />
      {role === 'sup' && figures && <AdminSummary admin={stats?.admin} />}
      {role === 'customer' && stats && isNewCustomer(stats)
        ? <FirstSteps toppedUp={stats.totalRecharge > 0 || (userInfo?.balance ?? 0) > 0} />
        : figures && <StatCards cards={stats || loading ? statCards(role, stats) : []} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}><ContactCard /></Col>
        <Col xs={24} lg={12}><RecentNotices /></Col>
      </Row>
    </>
  );
}
