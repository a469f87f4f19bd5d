import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';
import { api } from '../../providers/http';
import { useConfirmedCall } from '../../common/use-confirmed-call';
import { message } from '../../framework/notices';

/** The sup ends a customer's API key (the row says whether there is one), after a confirmation. */
export default function UserApiKeyRevokeAction({ record, label, onDone }: RowActionProps) {
  const { busy, confirm } = useConfirmedCall();
  if (!record.api_key) return null;

  const revoke = () =>
    confirm(
      {
        title: `撤销用户 ${record.username} 的接口密钥？`,
        content: '撤销后该密钥立即失效，使用它的脚本会收到 BAD_KEY；用户可以在“修改信息”页重新生成。',
        okText: '撤销',
        okButtonProps: { danger: true },
      },
      async () => {
        await api.post('/api/apikey/revoke', { user_id: record.id });
        message.success('接口密钥已撤销');
        onDone();
      },
    );

  return (
    <RowLink danger onClick={revoke} disabled={busy}>
      {label}
    </RowLink>
  );
}
