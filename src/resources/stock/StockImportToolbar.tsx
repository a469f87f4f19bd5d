import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { ToolbarActionProps } from '../../framework/registry';

const StockImportDialog = lazy(() => import('./StockImportDialog'));

/** 导入库存 above the stock list: into the product the list is filtered by, else one picked in the dialog. */
export default function StockImportToolbar({ filters, label, onDone }: ToolbarActionProps) {
  const [open, setOpen] = useState(false);
  const goodsId = typeof filters.goods_id === 'number' ? filters.goods_id : undefined;
  return (
    <>
      <Button type="primary" icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <StockImportDialog goods={goodsId ? { id: goodsId } : undefined} onDone={onDone} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
