import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';
import { useConfirmedCall } from '../../common/use-confirmed-call';
import { resetsLeft, tokenActionShows } from './states';
import { message } from '../../framework/notices';
import { activationApi } from './activation/activation-api';

/**
 * 重提: the link waits for a new code (only messages from now on count), after a confirmation that
 * says how many resets are left. Shown on live links that had a code, whose product allows resets and has some left.
 */
export default function TokenResetAction({ record, label, onDone }: RowActionProps) {
  const { busy, confirm } = useConfirmedCall();
  const left = resetsLeft(record);
  if (!tokenActionShows.reset(record)) return null;

  const reset = () =>
    confirm(
      {
        title: `重提 ${record.identifier}？`,
        content: `重提后链接重新等待验证码，只接收此后到达的短信或邮件，接码次数重新计算。${left === null ? '' : `剩余重提 ${left} 次，本次之后剩 ${left - 1} 次。`}`,
        okText: '重提',
      },
      async () => {
        const r = await activationApi.reset(record.id);
        message.success(`已重提，等待新的验证码（剩余重提 ${r.resets_left} 次）`);
        onDone();
      },
    );

  return (
    <RowLink disabled={busy} onClick={reset} title={left === null ? undefined : `剩余重提 ${left} 次`}>
      {label}
    </RowLink>
  );
}
