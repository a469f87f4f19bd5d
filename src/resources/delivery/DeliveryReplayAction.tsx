import { useState } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';
import { replayDelivery, showOutcome } from './replay';
import { canReplay } from './states';
import { message } from '../../framework/notices';

/** 重发 a failed delivery to the customer's webhook; the toast says whether it went through this time. */
export default function DeliveryReplayAction({ record, onDone }: RowActionProps) {
  const [busy, setBusy] = useState(false);
  if (!canReplay(record)) return null;
  const replay = async () => {
    setBusy(true);
    try {
      const r = await replayDelivery(Number(record.id));
      showOutcome(message, r, '已重发并送达', '重发未送达');
      onDone();
    } catch {
      // Shown by the http client.
    } finally {
      setBusy(false);
    }
  };
  return (
    <RowLink disabled={busy} onClick={replay}>
      重发
    </RowLink>
  );
}
