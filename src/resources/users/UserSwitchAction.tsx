import { useState } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';
import { switchToUser } from '../../layout/switch-account';
import { modal } from '../../framework/notices';

/**
 * The sup switches into a customer's account (not another sup's), after a confirmation that names
 * the customer; the console reloads as that user.
 */
export default function UserSwitchAction({ record, label }: RowActionProps) {
  const [busy, setBusy] = useState(false);
  if (record.type === 'sup') return null;

  const confirm = () =>
    modal.confirm({
      title: `确定切换到用户 ${record.username} 吗？`,
      content: '切换后将以该用户的身份操作，可随时切换回管理员。',
      okText: '切换',
      cancelText: '取消',
      onOk: () => {
        setBusy(true);
        // On success the page reloads; a refusal has been shown by the client.
        return switchToUser(record.id).catch(() => setBusy(false));
      },
    });

  return (
    <RowLink onClick={confirm} disabled={busy}>
      {label}
    </RowLink>
  );
}
