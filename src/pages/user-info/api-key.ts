import { useCallback, useEffect, useState } from 'react';
import { api } from '../../providers/http';

/** `GET /api/apikey/info`: the customer's key as the console may show it (never the key itself). */
export interface ApiKeyInfo {
  has_key: boolean;
  /** `sak_…AbCd`, or null before the first key. */
  key: string | null;
  create_at: string | null;
  last_used_at: string | null;
  /** Set when the sup revoked the key. */
  revoked_at: string | null;
  /** Where scripts send their calls: `<site>/stubs/handler_api.php`. */
  base_url: string;
}

/** `POST /api/apikey/create`: the new key, answered this once. */
export interface NewApiKey {
  key: string;
  masked: string;
  create_at: string;
  base_url: string;
}

/** The key's state, and making (or replacing) it; `created` holds a new key until the customer closes it. */
export function useApiKey() {
  const [info, setInfo] = useState<ApiKeyInfo | null>(null);
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setInfo(await api.get<ApiKeyInfo>('/api/apikey/info'));
    } catch {
      // The http client has shown the error.
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const create = async () => {
    setBusy(true);
    try {
      setCreated(await api.post<NewApiKey>('/api/apikey/create', {}));
      await load();
    } catch {
      // Shown by the http client.
    } finally {
      setBusy(false);
    }
  };

  return { info, created, busy, create, forget: () => setCreated(null) };
}
