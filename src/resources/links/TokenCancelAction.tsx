import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';
import { useConfirmedCall } from '../../common/use-confirmed-call';
import { message } from '../../framework/notices';
import { formatMoney } from '../../common/money';
import { refreshUserInfo } from '../../common/user-info';
import { activationApi } from './activation/activation-api';

/**
 * 取消: a number still waiting for its first code stops waiting and its price goes back to the
 * balance, after a confirmation. Shown once the early-cancel window has passed.
 */
export default function TokenCancelAction({ record, label, onDone }: RowActionProps) {
  const { busy, confirm } = useConfirmedCall();
  const cancel = () =>
    confirm(
      {
        title: `取消号码 ${record.identifier}？`,
        content: '还没有收到验证码：取消后号码停止接码，货款退回余额。',
        okText: '取消并退款',
        okButtonProps: { danger: true },
        cancelText: '再等等',
      },
      async () => {
        const r = await activationApi.cancel(record.id);
        void refreshUserInfo();
        message.success(`已取消，已退款 ${formatMoney(r.amount)}`);
        onDone();
      },
    );
  return (
    <RowLink disabled={busy} onClick={cancel}>
      {label}
    </RowLink>
  );
}
