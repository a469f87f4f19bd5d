import { type ModalFuncProps } from 'antd';
import { useState } from 'react';
import { modal } from '../framework/notices';

/**
 * A call made once the user confirms it (a dialog saying what will happen), and whether it is under
 * way, for the link or button that starts it. The dialog's OK button waits for the call; a refusal
 * has already been shown by the http client.
 */
export function useConfirmedCall() {
  const [busy, setBusy] = useState(false);
  const confirm = (dialog: Omit<ModalFuncProps, 'onOk'>, call: () => Promise<unknown>) =>
    modal.confirm({
      cancelText: '取消',
      ...dialog,
      onOk: async () => {
        setBusy(true);
        try {
          await call();
        } catch {
          // Shown by the http client.
        } finally {
          setBusy(false);
        }
      },
    });
  return { busy, confirm };
}
