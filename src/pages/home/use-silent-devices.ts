import { useEffect, useState } from 'react';
import { api } from '../../providers/http';

export interface SilentDevices { minutes: number; more: boolean; list: { id: number; name: string; last_seen_at: string | null }[] }

/** `GET /api/device/silent` (sup): devices that have gone quiet. */
export function useSilentDevices(): SilentDevices | null {
  const [silent, setSilent] = useState<SilentDevices | null>(null);
  useEffect(() => {
    let live = true;
    api.get<SilentDevices>('/api/device/silent', undefined, { silent: true })
      .then((d) => { if (live) setSilent(d); }, () => undefined);
    return () => { live = false; };
  }, []);
  return silent;
}
