import { useState } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';
import { api } from '../../providers/http';
import { useConfirmedCall } from '../../common/use-confirmed-call';
import { ShowOnceModal } from '../../common/ShowOnceModal';
import { message } from '../../framework/notices';

/** A customer's password replaced by a new random one, shown once for support to pass on; their sessions end. */
export default function UserPasswordResetAction({ record, label, onDone }: RowActionProps) {
  const { busy, confirm } = useConfirmedCall();
  const [password, setPassword] = useState<string | null>(null);
  if (record.type === 'sup') return null;

  const reset = () =>
    confirm(
      {
        title: `重置用户 ${record.username} 的密码？`,
        content: '将生成一个新的随机密码，旧密码立即失效，该用户的所有登录会话都会退出。',
        okText: '重置',
        okButtonProps: { danger: true },
      },
      async () => {
        const r = await api.post<{ password: string }>('/api/user/reset-password', { id: record.id });
        setPassword(r.password);
        message.success('密码已重置');
        onDone();
      },
    );

  return (
    <>
      <RowLink danger onClick={reset} disabled={busy}>
        {label}
      </RowLink>
      {password && (
        <ShowOnceModal
          title={`用户 ${record.username} 的新密码`}
          width={480}
          onClose={() => setPassword(null)}
          warning="请把新密码告诉用户，并提醒他登录后在“修改信息”页改成自己的密码。"
          shown={[{ title: '新密码', value: password, copy: '复制密码', testId: 'new-password' }]}
        />
      )}
    </>
  );
}
