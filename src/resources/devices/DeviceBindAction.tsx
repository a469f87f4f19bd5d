import { lazy } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowDialogLink } from '../../framework/list/RowLink';

const DeviceBindDialog = lazy(() => import('./DeviceBindDialog'));

/** 绑定号码: stock numbers only this device may deliver to. */
export default function DeviceBindAction(props: RowActionProps) {
  return <RowDialogLink label={props.label} dialog={(close) => <DeviceBindDialog {...props} onClose={close} />} />;
}
