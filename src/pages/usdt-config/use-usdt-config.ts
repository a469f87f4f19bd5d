import { useCallback, useEffect, useState } from 'react';
import { api } from '../../providers/http';

export interface WatchStatus {
  address: string;
  cursor: string | null;
  last_poll_at: string | null;
  last_ok_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  failures: number;
  retry_at: string | null;
}

/** `GET /api/usdt/config`: the settings (the API key only as set or not, and its tail) and the watcher's health. */
export interface UsdtConfigAnswer extends Record<string, unknown> {
  api_key_set: boolean;
  api_key_hint: string | null;
  status: { watching: number; unmatched: number; addresses: WatchStatus[] };
}

export function useUsdtConfig() {
  const [config, setConfig] = useState<UsdtConfigAnswer | null>(null);
  const [loading, setLoading] = useState(true);
  const refetch = useCallback(async () => {
    try {
      setConfig(await api.get<UsdtConfigAnswer>('/api/usdt/config'));
    } catch {
      // The http client has said why.
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => { void refetch(); }, [refetch]);
  return { config, setConfig, loading, refetch };
}
