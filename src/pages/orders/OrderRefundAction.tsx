import { lazy, Suspense, useState } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';
import { subtractMoney, toCents } from '../shared/money';

const OrderRefundDialog = lazy(() => import('./OrderRefundDialog'));

/** The sup's refund of part or all of an order, while something is left to refund. */
export default function OrderRefundAction(props: RowActionProps) {
  const [open, setOpen] = useState(false);
  if (toCents(subtractMoney(props.record.amount, props.record.refunded)) <= 0) return null;
  return (
    <>
      <RowLink danger onClick={() => setOpen(true)}>{props.label}</RowLink>
      {open && <Suspense fallback={null}><OrderRefundDialog {...props} onClose={() => setOpen(false)} /></Suspense>}
    </>
  );
}
