import { lazy } from 'react';
import type { RowActionProps } from '../../../framework/registry';
import { RowDialogLink } from '../../../framework/list/RowLink';
import { rentActionShows } from './states';

const RentExtendDialog = lazy(() => import('./RentExtendDialog'));

/** 续租: more hours on a running rental, priced and confirmed in its dialog. */
export default function RentExtendAction(props: RowActionProps) {
  if (!rentActionShows.running(props.record)) return null;
  return <RowDialogLink label={props.label} dialog={(close) => <RentExtendDialog {...props} onClose={close} />} />;
}
