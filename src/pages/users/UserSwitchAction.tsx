import { Button, Popconfirm } from 'antd';
import { useState } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { switchToUser } from '../../layout/switch-account';

/** The sup switches into a customer's account (not another sup's); the console reloads as that user. */
export default function UserSwitchAction({ record, label }: RowActionProps) {
  const [busy, setBusy] = useState(false);
  if (record.type === 'sup') return null;

  const switchTo = () => {
    setBusy(true);
    switchToUser(record.id).catch(() => setBusy(false)); // the client has shown the reason
  };

  return (
    <Popconfirm title={`确定切换到用户 ${record.username} 吗？`} description="切换后将以该用户的身份操作，可随时切换回管理员"
      okText="切换" cancelText="取消" onConfirm={switchTo}>
      <Button type="link" size="small" loading={busy}>{label}</Button>
    </Popconfirm>
  );
}
