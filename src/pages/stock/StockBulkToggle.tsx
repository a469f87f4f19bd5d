import { useState } from 'react';
import { App, Button } from 'antd';
import type { ToolbarActionProps } from '../../framework/registry';
import { toggleStock, VERB, type Toggle } from './toggle';

/** 停用所选 / 启用所选 over the ticked items, after a confirmation naming how many. */
function bulk(kind: Toggle) {
  return function StockBulkToggle({ label, selected, onDone, clearSelection }: ToolbarActionProps) {
    const { modal, message } = App.useApp();
    const [busy, setBusy] = useState(false);
    const verb = VERB[kind];
    const confirm = () => modal.confirm({
      title: `${verb}所选的 ${selected.length} 条库存？`,
      content: kind === 'disable' ? '只有可售的会停用，其余跳过。' : '只有已停用、已过期或售后且链接已结束的会启用，其余跳过。',
      okText: verb, cancelText: '取消', okButtonProps: { danger: kind === 'disable' },
      onOk: async () => {
        setBusy(true);
        try {
          const r = await toggleStock(kind, selected);
          message.success(`已${verb} ${r.changed} 条${r.skipped ? `，跳过 ${r.skipped} 条` : ''}`);
          clearSelection();
          onDone();
        } catch {
          // Shown by the http client.
        } finally {
          setBusy(false);
        }
      },
    });
    return <Button danger={kind === 'disable'} disabled={!selected.length} loading={busy} onClick={confirm}>{label}</Button>;
  };
}

export const StockBulkDisable = bulk('disable');
export const StockBulkEnable = bulk('enable');
