import { lazy } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowDialogLink } from '../../framework/list/RowLink';

const MessageAssignDialog = lazy(() => import('./MessageAssignDialog'));

/** 分配: an unmatched message's code given to one of the links holding its number. */
export default function MessageAssignAction(props: RowActionProps) {
  return <RowDialogLink label={props.label} dialog={(close) => <MessageAssignDialog {...props} onClose={close} />} />;
}
