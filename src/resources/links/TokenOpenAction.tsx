import { lazy } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowDialogLink } from '../../framework/list/RowLink';

const ActivationDialog = lazy(() => import('./activation/ActivationDialog'));

/** 打开: the link's activation panel (number, code, 取消 / 完成 / 重提 / 续费), the list read again on closing. */
export default function TokenOpenAction({ record, label, onDone }: RowActionProps) {
  return (
    <RowDialogLink
      label={label}
      dialog={(close) => (
        <ActivationDialog
          id={record.id}
          identifier={record.identifier}
          onClose={() => {
            close();
            onDone();
          }}
        />
      )}
    />
  );
}
