import type { RowActionProps } from '../../../framework/registry';
import { RowLink } from '../../../framework/list/RowLink';
import { useConfirmedCall } from '../../../common/use-confirmed-call';
import { rentApi } from './rent-api';
import { rentActionShows } from './states';
import { message } from '../../../framework/notices';

/** 结束: the rental stops receiving SMS now (no refund), after a confirmation that says so. */
export default function RentFinishAction({ record, label, onDone }: RowActionProps) {
  const { busy, confirm } = useConfirmedCall();
  if (!rentActionShows.running(record)) return null;

  const finish = () =>
    confirm(
      {
        title: `结束租用 ${record.identifier}？`,
        content: '结束后号码不再接收短信，剩余租期不退款。已收到的短信仍可查看。',
        okText: '结束租用',
      },
      async () => {
        await rentApi.finish(record.id);
        message.success('已结束租用，号码不再接收短信');
        onDone();
      },
    );

  return (
    <RowLink danger disabled={busy} onClick={finish}>
      {label}
    </RowLink>
  );
}
