import { App } from 'antd';
import { useState } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';
import { api } from '../../providers/http';

/** The sup ends a customer's API key (the row says whether there is one), after a confirmation. */
export default function UserApiKeyRevokeAction({ record, label, onDone }: RowActionProps) {
  const [busy, setBusy] = useState(false);
  const { modal, message } = App.useApp();
  if (!record.api_key) return null;

  const confirm = () => modal.confirm({
    title: `撤销用户 ${record.username} 的 API 密钥？`,
    content: '撤销后该密钥立即失效，使用它的脚本会收到 BAD_KEY；用户可以在“修改信息”页重新生成。',
    okText: '撤销', cancelText: '取消', okButtonProps: { danger: true },
    onOk: async () => {
      setBusy(true);
      try {
        await api.post('/api/apikey/revoke', { user_id: record.id });
        message.success('API 密钥已撤销');
        onDone();
      } catch {
        // Shown by the http client.
      } finally {
        setBusy(false);
      }
    },
  });

  return <RowLink danger onClick={confirm} disabled={busy}>{label}</RowLink>;
}
