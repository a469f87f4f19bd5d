import { lazy } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowDialogLink } from '../../framework/list/RowLink';

const CheckDialog = lazy(() => import('./CheckDialog'));

/** 核对: this number's check code, and where its SMS arrives. */
export default function NumberCheckAction({ record, label, onDone }: RowActionProps) {
  return (
    <RowDialogLink
      label={label}
      dialog={(close) => (
        <CheckDialog
          title={`核对号码 ${record.identifier ?? ''}`}
          ask={{ ids: [record.id] }}
          onClose={() => {
            close();
            onDone();
          }}
        />
      )}
    />
  );
}
