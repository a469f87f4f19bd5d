import { MenuFoldOutlined, MenuUnfoldOutlined, ReloadOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Layout, Space, Tooltip, Typography } from 'antd';
import { useLocation, useNavigate } from 'react-router';
import { formatMoney } from '../pages/shared/money';
import { isSup } from '../providers/auth-state';
import { useAuthState } from '../providers/use-auth-state';
import UserMenu from './UserMenu';
import type { Crumb } from './use-shell-menu';

interface Props { collapsed: boolean; onToggle(): void; crumbs: Crumb[] }

/** Collapse toggle, reload, breadcrumb, balance with recharge (not for sup), user dropdown. */
export default function HeaderBar({ collapsed, onToggle, crumbs }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const { type, userInfo } = useAuthState();
  // Replace the current entry with /refresh, which replaces itself with it again: history stays clean.
  const reload = () => navigate('/refresh', { replace: true, state: { from: location.pathname + location.search } });

  return (
    <Layout.Header className="shell-header">
      <Button type="text" aria-label={collapsed ? '展开菜单' : '收起菜单'} onClick={onToggle}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />} />
      <Tooltip title="刷新">
        <Button type="text" aria-label="刷新" icon={<ReloadOutlined />} onClick={reload} />
      </Tooltip>
      <Breadcrumb className="shell-breadcrumb" data-testid="breadcrumb" items={crumbs.map((c) => ({ title: c.label }))} />
      <Space size={12} style={{ marginLeft: 'auto' }}>
        {!isSup(type) && (
          <Space size={8} data-testid="balance">
            <Typography.Text className="shell-balance-label" type="secondary">余额</Typography.Text>
            <Typography.Text strong>{formatMoney(userInfo?.balance)}</Typography.Text>
            <Button size="small" type="primary" onClick={() => navigate('/account/recharge')}>充值</Button>
          </Space>
        )}
        <UserMenu user={userInfo} />
      </Space>
    </Layout.Header>
  );
}
