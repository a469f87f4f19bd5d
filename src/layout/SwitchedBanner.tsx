import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useAuthState } from '../providers/use-auth-state';
import { switchBackToManager } from './switch-account';

/** While a sup works inside a customer's account: whose account it is, and the way back. */
export default function SwitchedBanner() {
  const { userInfo } = useAuthState();
  const [busy, setBusy] = useState(false);
  if (!userInfo?.manager) return null;
  const back = () => {
    setBusy(true);
    // On success the console reloads as the sup; a refusal has been shown by the http client.
    switchBackToManager().catch(() => setBusy(false));
  };
  return (
    <Alert
      type="warning"
      showIcon
      banner
      data-testid="switched-banner"
      className="shell-switched"
      message={`正在以用户 ${userInfo.username} 的身份操作`}
      action={
        <Button size="small" type="primary" loading={busy} onClick={back}>
          切换回管理员
        </Button>
      }
    />
  );
}
