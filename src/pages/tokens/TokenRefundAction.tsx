import { lazy, Suspense, useState } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';
import { tokenActionShows } from './states';

const TokenRefundDialog = lazy(() => import('./TokenRefundDialog'));

/** The sup's refund of a whole link, while it has not ended. */
export default function TokenRefundAction(props: RowActionProps) {
  const [open, setOpen] = useState(false);
  if (!tokenActionShows.refund(props.record)) return null;
  return (
    <>
      <RowLink danger onClick={() => setOpen(true)}>{props.label}</RowLink>
      {open && <Suspense fallback={null}><TokenRefundDialog {...props} onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
}
