import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatMoney } from '../common/money';
import { isSup } from '../providers/auth-state';
import { useAuthState } from '../providers/use-auth-state';
import UserMenu from './UserMenu';
import type { Crumb } from './use-shell-menu';
import { siteName } from '../common/site';

const HeaderTrail = lazy(() => import('./HeaderTrail'));

interface Props {
  narrow: boolean;
  collapsed: boolean;
  onToggle(): void;
  crumbs: Crumb[];
  /** The menu button is pressed (before its click): its code can start loading. */
  onTogglePress?(): void;
}

/**
 * One line, whatever the width. Wide: collapse toggle, reload, breadcrumb, balance with recharge
 * (not for sup), user dropdown. Phone: menu button, brand, balance, recharge, user.
 */
export default function HeaderBar({ narrow, collapsed, onToggle, onTogglePress, crumbs }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const { type, userInfo } = useAuthState();
  // Replace the current entry with /refresh, which replaces itself with it again: history stays clean.
  const reload = () => navigate('/refresh', { replace: true, state: { from: location.pathname + location.search } });
  const toggleLabel = narrow ? '打开菜单' : collapsed ? '展开菜单' : '收起菜单';

  return (
    <Layout.Header className="shell-header">
      <Button
        type="text"
        aria-label={toggleLabel}
        onClick={onToggle}
        onPointerDown={onTogglePress}
        icon={narrow ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      />
      {narrow ? (
        <Link to="/home" className="shell-header-brand">
          {siteName()}
        </Link>
      ) : (
        <Suspense fallback={<span className="shell-breadcrumb" />}>
          <HeaderTrail crumbs={crumbs} onReload={reload} />
        </Suspense>
      )}
      <div className="shell-header-end">
        {!isSup(type) && (
          <span className="shell-balance" data-testid="balance">
            <span className="shell-balance-label">余额</span>
            <strong className="shell-balance-value">{formatMoney(userInfo?.balance)}</strong>
            <Button size="small" type="primary" onClick={() => navigate('/account/recharge')}>
              充值
            </Button>
          </span>
        )}
        <UserMenu user={userInfo} />
      </div>
    </Layout.Header>
  );
}
