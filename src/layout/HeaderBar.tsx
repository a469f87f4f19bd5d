import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined, ReloadOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Layout, Tooltip, Typography } from 'antd';
import { Link, useLocation, useNavigate } from 'react-router';
import { formatMoney } from '../common/money';
import { isSup } from '../providers/auth-state';
import { useAuthState } from '../providers/use-auth-state';
import UserMenu from './UserMenu';
import type { Crumb } from './use-shell-menu';

interface Props { narrow: boolean; collapsed: boolean; onToggle(): void; crumbs: Crumb[] }

/**
 * One line, whatever the width. Wide: collapse toggle, reload, breadcrumb, balance with recharge
 * (not for sup), user dropdown. Phone: menu button, brand, balance, recharge, user.
 */
export default function HeaderBar({ narrow, collapsed, onToggle, crumbs }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const { type, userInfo } = useAuthState();
  // Replace the current entry with /refresh, which replaces itself with it again: history stays clean.
  const reload = () => navigate('/refresh', { replace: true, state: { from: location.pathname + location.search } });
  const toggleLabel = narrow ? '打开菜单' : collapsed ? '展开菜单' : '收起菜单';

  return (
    <Layout.Header className="shell-header">
      <Button type="text" aria-label={toggleLabel} onClick={onToggle}
        icon={narrow ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} />
      {narrow ? (
        <Link to="/home" className="shell-header-brand">接码平台</Link>
      ) : (
        <>
          <Tooltip title="刷新">
            <Button type="text" aria-label="刷新" icon={<ReloadOutlined />} onClick={reload} />
          </Tooltip>
          <Breadcrumb className="shell-breadcrumb" data-testid="breadcrumb"
            items={crumbs.map((c) => ({ title: c.link ? <Link to={c.link}>{c.label}</Link> : c.label }))} />
        </>
      )}
      <div className="shell-header-end">
        {!isSup(type) && (
          <span className="shell-balance" data-testid="balance">
            <Typography.Text className="shell-balance-label" type="secondary">余额</Typography.Text>
            <Typography.Text strong>{formatMoney(userInfo?.balance)}</Typography.Text>
            <Button size="small" type="primary" onClick={() => navigate('/account/recharge')}>充值</Button>
          </span>
        )}
        <UserMenu user={userInfo} />
      </div>
    </Layout.Header>
  );
}
