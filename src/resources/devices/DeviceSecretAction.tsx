import { lazy, Suspense, useState } from 'react';
import type { RowActionProps } from '../../framework/registry';
import { RowLink } from '../../framework/list/RowLink';
import { api } from '../../providers/http';
import { useConfirmedCall } from '../../common/use-confirmed-call';
import type { DeviceSecret } from './DeviceSecretModal';

const DeviceSecretModal = lazy(() => import('./DeviceSecretModal'));

/** 重置密钥: a new secret for a device (the old one stops at once), confirmed first, shown once. */
export default function DeviceSecretAction({ record, label, onDone }: RowActionProps) {
  const [shown, setShown] = useState<DeviceSecret | null>(null);
  const { busy, confirm } = useConfirmedCall();

  const reset = () =>
    confirm(
      {
        title: `重置设备「${record.name}」的密钥？`,
        content: '旧密钥立即失效：在手机（或 gammu 脚本）里换上新密钥之前，该设备上报的短信都会被拒收。',
        okText: '重置',
        okButtonProps: { danger: true },
      },
      async () => setShown({ ...(await api.post<DeviceSecret>('/api/device/secret', { id: record.id })), name: record.name }),
    );

  return (
    <>
      <RowLink danger onClick={reset} disabled={busy}>
        {label}
      </RowLink>
      {shown && (
        <Suspense fallback={null}>
          <DeviceSecretModal
            shown={shown}
            onClose={() => {
              setShown(null);
              onDone();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
