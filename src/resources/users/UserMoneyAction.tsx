import { lazy } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowDialogLink } from '../../framework/list/RowLink';

const UserMoneyDialog = lazy(() => import('./UserMoneyDialog'));

/** The sup's balance change for one user: a link on the row that opens its dialog. */
export default function UserMoneyAction(props: RowActionProps) {
  return <RowDialogLink label={props.label} dialog={(close) => <UserMoneyDialog {...props} onClose={close} />} />;
}
