import { useEffect, useState } from 'react';
import { api } from '../../providers/http';

/** Often enough that the tick appears while the sup still looks at the phone. */
const POLL_MS = 2000;

/**
 * Whether the device has reported since this dialog opened: its 最后上报 (`GET /api/device/detail`)
 * read now and then, and compared with the first reading (none for a new device). The answer is the
 * new time once it changed, null while waiting.
 */
export function useFirstReport(deviceId: number | undefined): string | null {
  const [heard, setHeard] = useState<string | null>(null);
  useEffect(() => {
    if (deviceId === undefined) return;
    let live = true;
    let first: string | null | undefined;
    let timer: ReturnType<typeof setTimeout>;
    const read = async () => {
      try {
        const d = await api.get<{ last_seen_at: string | null }>('/api/device/detail', { id: deviceId }, { silent: true });
        if (!live) return;
        if (first === undefined) first = d.last_seen_at;
        else if (d.last_seen_at && d.last_seen_at !== first) {
          setHeard(d.last_seen_at);
          return;
        }
      } catch {
        // A failed read is tried again on the next round.
      }
      if (live) timer = setTimeout(read, POLL_MS);
    };
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [deviceId]);
  return heard;
}
