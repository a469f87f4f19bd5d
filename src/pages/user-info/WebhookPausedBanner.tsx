import { Alert } from 'antd';
import type { WebhookConfig } from './webhook-api';

/** The customer's webhook stopped after a delivery's last failed try: what failed, and how to resume. */
export default function WebhookPausedBanner({ config }: { config: WebhookConfig }) {
  if (!config.paused) return null;
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="webhook-paused"
      message="回调已暂停"
      description={`${config.paused_at ?? ''} 起，一条验证码多次推送都失败（${config.last_error ?? '未知原因'}），新的验证码暂不推送。请检查回调地址，然后点“保存”恢复。`}
    />
  );
}
