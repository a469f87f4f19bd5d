import { useCallback, useEffect, useState } from 'react';
import { api } from '../../providers/http';

/** `GET /api/user/totp/info`: the caller's two-step login, and (sups) the 强制管理员两步验证 switch. */
export interface TotpInfo {
  enabled: boolean;
  enabled_at: string | null;
  recovery_left: number;
  /** This sup must set it up before anything else. */
  setup_required: boolean;
  require_sup_totp?: boolean;
  may_change_security?: boolean;
}

/** `POST /api/user/totp/setup`: a new secret to scan, not yet in force. */
export interface TotpSetup {
  secret: string;
  otpauth_url: string;
}

/** The state, reloaded after each change; errors are toasted by the http client. */
export function useTotpInfo() {
  const [info, setInfo] = useState<TotpInfo | null>(null);
  const load = useCallback(async () => {
    try {
      setInfo(await api.get<TotpInfo>('/api/user/totp/info'));
    } catch {
      // Shown by the http client.
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  return { info, reload: load };
}

export const totpApi = {
  setup: () => api.post<TotpSetup>('/api/user/totp/setup', {}),
  /** Field errors come back on the form (silent), not as a toast. */
  enable: (code: string) => api.post<{ recovery_codes: string[] }>('/api/user/totp/enable', { code }, undefined, { silent: true }),
  disable: (code: string) => api.post<null>('/api/user/totp/disable', { code }, undefined, { silent: true }),
  requireForSups: (on: boolean) => api.post<{ require_sup_totp: boolean }>('/api/config/edit', { require_sup_totp: on }),
};
