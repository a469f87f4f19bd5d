import { api } from '../../providers/http';
import type { CheckAnswer, CheckRow } from '../number-checks';

export type { CheckAnswer, CheckRow };

/** What to check: records by id, a device's numbers (all, or those not confirmed), or typed numbers. */
export type CheckAsk = { ids: Array<string | number> } | { device_id: number; unconfirmed: boolean } | { text: string };

export const askChecks = (ask: CheckAsk) => api.post<CheckAnswer>('/api/device_number/check', ask);

export const readChecks = (ids: number[]) => api.post<{ list: CheckRow[] }>('/api/device_number/checks', { ids });

/** An `sms:` link that opens the phone's messages app with the number and the code filled in (iOS and Android both read `?&body=`). */
export const smsHref = (number: string, code: string) => `sms:${number}?&body=${encodeURIComponent(code)}`;
