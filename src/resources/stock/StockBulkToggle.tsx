import { Button } from 'antd';
import type { ToolbarActionProps } from '../../framework/registry';
import { useConfirmedCall } from '../../common/use-confirmed-call';
import { toggleStock, VERB, type Toggle } from './toggle';
import { message } from '../../framework/notices';

/** 停用所选 / 启用所选 over the ticked items, after a confirmation naming how many. */
function bulk(kind: Toggle) {
  return function StockBulkToggle({ label, selected, onDone, clearSelection }: ToolbarActionProps) {
    const { busy, confirm } = useConfirmedCall();
    const verb = VERB[kind];
    const toggle = () =>
      confirm(
        {
          title: `${verb}所选的 ${selected.length} 条库存？`,
          content: kind === 'disable' ? '只有可售的会停用，其余跳过。' : '只有已停用、已过期或售后且链接已结束的会启用，其余跳过。',
          okText: verb,
          okButtonProps: { danger: kind === 'disable' },
        },
        async () => {
          const r = await toggleStock(kind, selected);
          message.success(`已${verb} ${r.changed} 条${r.skipped ? `，跳过 ${r.skipped} 条` : ''}`);
          clearSelection();
          onDone();
        },
      );
    return (
      <Button danger={kind === 'disable'} disabled={!selected.length} loading={busy} onClick={toggle}>
        {label}
      </Button>
    );
  };
}

export const StockBulkDisable = bulk('disable');
export const StockBulkEnable = bulk('enable');
