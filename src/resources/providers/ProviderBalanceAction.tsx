import { useState } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';
import { api } from '../../providers/http';
import { message } from '../../framework/notices';

/** Asks the provider its balance now (getBalance); a failure shows and becomes the row's last error. */
export default function ProviderBalanceAction({ record, label, onDone }: RowActionProps) {
  const [busy, setBusy] = useState(false);

  const refresh = async () => {
    setBusy(true);
    try {
      const r = await api.post<{ balance: number }>('/api/provider/balance', { id: record.id });
      message.success(`「${record.name}」余额：${Number(r.balance).toFixed(2)}`);
    } catch {
      // Shown by the http client.
    } finally {
      setBusy(false);
      // The row shows the new balance, or the new last error.
      onDone();
    }
  };

  return (
    <RowLink onClick={refresh} disabled={busy}>
      {busy ? '查询中…' : label}
    </RowLink>
  );
}
