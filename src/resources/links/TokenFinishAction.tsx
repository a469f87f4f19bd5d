import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';
import { useConfirmedCall } from '../../common/use-confirmed-call';
import { message } from '../../framework/notices';
import { activationApi } from './activation/activation-api';

/** 完成: the number has given its code and is done with (no refund), after a confirmation. Shown once a code is in. */
export default function TokenFinishAction({ record, label, onDone }: RowActionProps) {
  const { busy, confirm } = useConfirmedCall();
  const finish = () =>
    confirm(
      { title: `完成 ${record.identifier}？`, content: '完成后这个号码不再接收验证码（不退款）。', okText: '完成', cancelText: '再想想' },
      async () => {
        await activationApi.finish(record.id);
        message.success('已完成');
        onDone();
      },
    );
  return (
    <RowLink disabled={busy} onClick={finish}>
      {label}
    </RowLink>
  );
}
