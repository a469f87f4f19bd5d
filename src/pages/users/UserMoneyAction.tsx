import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import type { RowActionProps } from '../../framework/registry';

// The dialog (a form, a modal) is built when opened, not once per row of the list.
const UserMoneyDialog = lazy(() => import('./UserMoneyDialog'));

/** The sup's balance change for one user: a link on the row that opens its dialog. */
export default function UserMoneyAction(props: RowActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="link" size="small" onClick={() => setOpen(true)}>{props.label}</Button>
      {open && <Suspense fallback={null}><UserMoneyDialog {...props} onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
}
