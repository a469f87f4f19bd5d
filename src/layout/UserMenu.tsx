import { DownOutlined, KeyOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { theme, type MenuProps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ClickDropdown } from '../framework/ClickPopup';
import { authState, type UserInfo } from '../providers/auth-state';
import { request } from '../providers/http';
import { switchBackToManager } from './switch-account';
import { modal } from '../framework/notices';

/**
 * Ends the session on the server too (its token stops working there), quietly: whatever the answer,
 * even none within a few seconds, the caller still logs out locally.
 */
export async function endServerSession(): Promise<void> {
  await request({ method: 'POST', url: '/api/user/logout', data: {}, timeout: 5000 }, { silent: true, noRelogin: true }).catch(
    () => undefined,
  );
}

/** The header's user dropdown: change password, switch back to management, log out. */
export default function UserMenu({ user }: { user: UserInfo | null }) {
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const queryClient = useQueryClient();

  const logout = () =>
    modal.confirm({
      title: '确认退出',
      content: '确定要退出吗？',
      okText: '退出',
      cancelText: '取消',
      onOk: async () => {
        await endServerSession(); // the token must still be there to be sent
        navigate('/login', { replace: true });
        authState.clear();
        queryClient.clear(); // nothing of this account stays cached for the next one
      },
    });

  // The console reloads as the sup and says 切换成功; a refusal has been shown by the client.
  const switchBack = () => switchBackToManager().catch(() => undefined);

  const items: MenuProps['items'] = [
    { key: 'password', icon: <KeyOutlined />, label: '修改密码', onClick: () => navigate('/user/info') },
    user?.manager ? { key: 'manager', icon: <SwapOutlined />, label: '切换回管理员', onClick: switchBack } : null,
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true, onClick: logout },
  ];

  return (
    <ClickDropdown menu={{ items }} placement="bottomRight">
      {/* A button: reached with Tab and opened with Enter, named even on a phone where only the avatar shows. */}
      <button type="button" className="shell-user" data-testid="user-menu" aria-label={`账户菜单 ${user?.username ?? ''}`.trim()}>
        <span className="shell-user-face">
          <span className="shell-avatar" style={{ background: token.colorPrimary }}>
            <UserOutlined />
          </span>
          <span className="shell-username">{user?.username ?? ''}</span>
          <DownOutlined className="shell-user-caret" style={{ fontSize: 10 }} />
        </span>
      </button>
    </ClickDropdown>
  );
}
