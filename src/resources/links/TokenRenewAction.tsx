import { lazy } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowDialogLink } from '../../framework/list/RowLink';
import { tokenActionShows } from './states';

const TokenRenewDialog = lazy(() => import('./TokenRenewDialog'));

/** 续费 on a link that has not ended and whose product can be renewed (the server also refuses links past their grace day). */
export default function TokenRenewAction(props: RowActionProps) {
  if (!tokenActionShows.renew(props.record)) return null;
  return <RowDialogLink label={props.label} dialog={(close) => <TokenRenewDialog {...props} onClose={close} />} />;
}
