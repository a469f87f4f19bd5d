import { useEffect, useState } from 'react';
import { api } from '../../providers/http';

/** `GET /api/pending` (docs/api.md): only the kinds the caller's role acts on are present. */
export interface Pending {
  silent_minutes: number;
  devices?: { online: number; silent_count: number; silent: { id: number; name: string; heard: boolean; silent_ms: number }[] };
  messages?: number;
  /** Device numbers whose SIM lapses within `days` (or has): `before` is the cut-off, in business time. */
  expiring_numbers?: { count: number; days: number; before: string; numbers: { id: number; identifier: string; days_left_text: string }[] };
  sold_out?: { count: number; titles: string[] };
  providers?: { id: number; name: string; error: string; since_ms: number }[];
  aggregators?: { count: number; failing: { id: number; name: string; error: string; since_ms: number }[] };
  usdt_watcher?: { address: string; error: string; failures: number; since_ms: number }[];
  transfers?: number;
  webhooks?: { count: number; users: string[] };
}

/** Read again this often while the home stays open: a phone going quiet shows without a reload. */
const REFRESH_MS = 60_000;

/** The staff member's pending items; null until the first answer (or when it failed: the card says so). */
export function usePending(): { pending: Pending | null; failed: boolean } {
  const [pending, setPending] = useState<Pending | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    const read = () =>
      api.get<Pending>('/api/pending', undefined, { silent: true }).then(
        (p) => {
          if (!live) return;
          setPending(p);
          setFailed(false);
        },
        () => live && setFailed(true),
      );
    void read();
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') void read();
    }, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return { pending, failed };
}
