import { lazy, Suspense, useMemo, useState } from 'react';
import { Button } from 'antd';
import type { ToolbarActionProps } from '../../framework/registry';

const CheckDialog = lazy(() => import('./CheckDialog'));

/** 核对选中号码: check codes for the ticked numbers (at most 500 at once). */
export default function NumberCheckToolbar({ label, selected, onDone, clearSelection }: ToolbarActionProps) {
  const [open, setOpen] = useState(false);
  const ask = useMemo(() => ({ ids: selected }), [selected]);
  return (
    <>
      <Button disabled={!selected.length} onClick={() => setOpen(true)}>
        {label}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <CheckDialog
            title={`核对 ${selected.length} 个号码`}
            ask={ask}
            onClose={() => {
              setOpen(false);
              clearSelection();
              onDone();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
