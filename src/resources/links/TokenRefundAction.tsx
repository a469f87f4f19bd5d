import { lazy } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowDialogLink } from '../../framework/list/RowLink';
import { tokenActionShows } from './states';

const TokenRefundDialog = lazy(() => import('./TokenRefundDialog'));

/** The sup's refund of a whole link, while it has not ended. */
export default function TokenRefundAction(props: RowActionProps) {
  if (!tokenActionShows.refund(props.record)) return null;
  return <RowDialogLink danger label={props.label} dialog={(close) => <TokenRefundDialog {...props} onClose={close} />} />;
}
