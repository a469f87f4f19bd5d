import { useCallback, useEffect, useState } from 'react';
import { api } from '../../providers/http';

/** `GET /api/webhook/config`: the customer's endpoint as the console may show it (never the secret itself). */
export interface WebhookConfig {
  url: string;
  enabled: boolean;
  /** `whsec_…AbCd`, or null before the first save. */
  secret_hint: string | null;
  last_status: 'delivered' | 'failed' | null;
  last_error: string | null;
  last_at: string | null;
  /** Paused after a delivery's last failed try: saving resumes it. */
  paused: boolean;
  paused_at: string | null;
}

/** A delivery as the log lists it (`POST /api/delivery/data`). */
export interface DeliveryRow {
  id: number;
  event: 'code' | 'test';
  event_id: string;
  code: string | null;
  status: 'pending' | 'delivered' | 'failed';
  attempt: number;
  http_status: number | null;
  error: string | null;
  next_at: string | null;
  create_at: string;
}

/** The endpoint, its last deliveries, and the calls that change them. */
export function useWebhook() {
  const [config, setConfig] = useState<WebhookConfig | null>(null);
  const [log, setLog] = useState<DeliveryRow[]>([]);
  const [secret, setSecret] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const [c, l] = await Promise.all([
        api.get<WebhookConfig>('/api/webhook/config'),
        api.post<{ list: DeliveryRow[] }>('/api/delivery/data', {}, { page: 1, pageSize: 5 }),
      ]);
      setConfig(c);
      setLog(l.list);
    } catch {
      // The http client has shown the error.
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (body: { url: string; enabled: boolean }) => {
    const r = await api.post<WebhookConfig & { secret?: string }>('/api/webhook/config', body);
    if (r.secret) setSecret(r.secret);
    await load();
  };
  const rotate = async () => {
    const r = await api.post<{ secret: string }>('/api/webhook/rotate', {});
    setSecret(r.secret);
    await load();
  };
  const test = async () => {
    try {
      return await api.post<DeliveryRow>('/api/webhook/test', {});
    } finally {
      await load();
    }
  };

  return { config, log, secret, forgetSecret: () => setSecret(null), save, rotate, test, reload: load };
}
