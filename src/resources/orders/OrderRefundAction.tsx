import { lazy } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowDialogLink } from '../../framework/list/RowLink';
import { subtractMoney, toCents } from '../../common/money';

const OrderRefundDialog = lazy(() => import('./OrderRefundDialog'));

/** The sup's refund of part or all of an order, while something is left to refund. */
export default function OrderRefundAction(props: RowActionProps) {
  if (toCents(subtractMoney(props.record.amount, props.record.refunded)) <= 0) return null;
  return <RowDialogLink danger label={props.label} dialog={(close) => <OrderRefundDialog {...props} onClose={close} />} />;
}
