import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';
import { useConfirmedCall } from '../../common/use-confirmed-call';
import { canDisable, canEnable, toggleStock, VERB, type Toggle } from './toggle';
import { message } from '../../framework/notices';

/** 停用 an item on sale, or 启用 one that is off sale, after a confirmation; sold items have neither. */
export default function StockToggleAction({ record, onDone }: RowActionProps) {
  const { busy, confirm } = useConfirmedCall();
  const kind: Toggle | null = canDisable(record.state) ? 'disable' : canEnable(record.state) ? 'enable' : null;
  if (!kind) return null;
  const verb = VERB[kind];

  const toggle = () =>
    confirm(
      {
        title: `${verb}库存 ${record.identifier}？`,
        content: kind === 'disable' ? '停用后该号码不再出售，可随时启用。' : '启用后该号码重新可售。',
        okText: verb,
        okButtonProps: { danger: kind === 'disable' },
      },
      async () => {
        const r = await toggleStock(kind, [record.id]);
        if (r.changed) message.success(`已${verb}`);
        else message.warning(`该库存当前状态不能${verb}`);
        onDone();
      },
    );

  return (
    <RowLink danger={kind === 'disable'} disabled={busy} onClick={toggle}>
      {verb}
    </RowLink>
  );
}
