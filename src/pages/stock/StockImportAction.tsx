import { lazy, Suspense, useState } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';

const StockImportDialog = lazy(() => import('./StockImportDialog'));

/** 导入库存 on a product's row (products served by an upstream provider hold no stock). */
export default function StockImportAction({ record, label, onDone }: RowActionProps) {
  const [open, setOpen] = useState(false);
  if (record.source === 'upstream') return null;
  return (
    <>
      <RowLink onClick={() => setOpen(true)}>{label}</RowLink>
      {open && (
        <Suspense fallback={null}>
          <StockImportDialog goods={{ id: record.id, title: record.title, channel: record.channel }} onDone={onDone} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
