import { lazy } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowDialogLink } from '../../framework/list/RowLink';

const StockImportDialog = lazy(() => import('../stock/StockImportDialog'));

/** 导入库存 on a product's row (products served by an upstream provider hold no stock). */
export default function StockImportAction({ record, label, onDone }: RowActionProps) {
  if (record.source === 'upstream') return null;
  return (
    <RowDialogLink
      label={label}
      dialog={(close) => (
        <StockImportDialog goods={{ id: record.id, title: record.title, channel: record.channel }} onDone={onDone} onClose={close} />
      )}
    />
  );
}
