import { api } from '../../providers/http';

/** A number's check as the server answers it (server/intake/numbers/check.ts). */
export interface CheckRow {
  id: number;
  identifier: string;
  check_code: string | null;
  state: 'unconfirmed' | 'checking' | 'confirmed';
  device_id: number | null;
  device_name: string | null;
  slot: string | null;
  slot_text: string;
  confirmed_at: string | null;
}

export interface CheckAnswer {
  list: CheckRow[];
  missing: number;
  valid_until: string | null;
}

/** What to check: records by id, a device's numbers (all, or those not confirmed), or typed numbers. */
export type CheckAsk = { ids: Array<string | number> } | { device_id: number; unconfirmed: boolean } | { text: string };

export const askChecks = (ask: CheckAsk) => api.post<CheckAnswer>('/api/device_number/check', ask);

export const readChecks = (ids: number[]) => api.post<{ list: CheckRow[] }>('/api/device_number/checks', { ids });

/** An `sms:` link that opens the phone's messages app with the number and the code filled in (iOS and Android both read `?&body=`). */
export const smsHref = (number: string, code: string) => `sms:${number}?&body=${encodeURIComponent(code)}`;
