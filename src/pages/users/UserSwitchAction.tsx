import { App, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { authState, type UserInfo } from '../../providers/auth-state';
import { api } from '../../providers/http';

interface SwitchAnswer { token: string; type: string; user: UserInfo }

/** The sup switches into a customer's account (not another sup's); the page reloads as that user. */
export default function UserSwitchAction({ record, label }: RowActionProps) {
  const [busy, setBusy] = useState(false);
  const { message } = App.useApp();
  if (record.type === 'sup') return null;

  const switchTo = async () => {
    setBusy(true);
    try {
      const data = await api.post<SwitchAnswer>('/api/user/manager', { id: record.id });
      authState.setToken(data.token);
      authState.setType(data.type);
      authState.setUserInfo(data.user);
      message.success('切换成功');
      window.location.assign('/home');
    } catch {
      setBusy(false); // the client has shown the reason
    }
  };

  return (
    <Popconfirm title="确定切换到该用户吗？" okText="确定" cancelText="取消" onConfirm={switchTo}>
      <Button type="link" size="small" loading={busy}>{label}</Button>
    </Popconfirm>
  );
}
