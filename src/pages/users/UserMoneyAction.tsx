import { lazy, Suspense, useState } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';

// The dialog (a form, a modal) is built when opened, not once per row of the list.
const UserMoneyDialog = lazy(() => import('./UserMoneyDialog'));

/** The sup's balance change for one user: a link on the row that opens its dialog. */
export default function UserMoneyAction(props: RowActionProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <RowLink onClick={() => setOpen(true)}>{props.label}</RowLink>
      {open && <Suspense fallback={null}><UserMoneyDialog {...props} onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
}
