import { lazy } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowDialogLink } from '../../framework/list/RowLink';

const CheckDialog = lazy(() => import('../device-numbers/CheckDialog'));

/** 核对号码: which of the device's numbers sits in which slot, proved by a check SMS to each. */
export default function DeviceCheckAction({ record, label, onDone }: RowActionProps) {
  return (
    <RowDialogLink
      label={label}
      dialog={(close) => (
        <CheckDialog
          title={`核对号码 - ${record.name ?? ''}`}
          device={{ id: Number(record.id), total: Number(record.number_total ?? 0), unconfirmed: Number(record.number_unconfirmed ?? 0) }}
          onClose={() => {
            close();
            onDone();
          }}
        />
      )}
    />
  );
}
