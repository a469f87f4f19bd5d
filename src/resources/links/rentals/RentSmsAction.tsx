import { lazy } from 'react';
import type { RowActionProps } from '../../../framework/registry';
import { RowDialogLink } from '../../../framework/list/RowLink';
import { rentActionShows } from './states';

const RentSmsDialog = lazy(() => import('./RentSmsDialog'));

/** 短信: every SMS a rental received, newest first. */
export default function RentSmsAction(props: RowActionProps) {
  if (!rentActionShows.sms(props.record)) return null;
  return <RowDialogLink label={props.label} dialog={(close) => <RentSmsDialog {...props} onClose={close} />} />;
}
