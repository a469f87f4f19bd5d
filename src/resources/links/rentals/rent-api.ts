import { api } from '../../../providers/http';

/** `POST /api/rent/quote`: what extending a rental by some hours costs, and the balance after. */
export interface RentQuote {
  id: number;
  hours: number;
  price_hour: number;
  amount: number;
  /** The hours one extension may add, this rental's product's limit included. */
  min_hours: number;
  max_hours: number;
  balance: number;
  balance_after: number;
  enough_balance: boolean;
  expires_at: string;
  expires_after: string;
}

export interface RentSms {
  id: number;
  sender: string | null;
  text: string;
  code: string | null;
  received_at: string;
}

export interface RentSmsPage {
  id: number;
  identifier: string;
  total: number;
  page: number;
  size: number;
  list: RentSms[];
}

export const rentApi = {
  sms: (id: number, page: number, size: number) => api.get<RentSmsPage>('/api/rent/sms', { id, page, size }),
  // The dialog shows a refusal itself (hours out of range, a rental that has ended).
  quote: (id: number, hours: number) => api.post<RentQuote>('/api/rent/quote', { id, hours }, undefined, { silent: true }),
  extend: (id: number, hours: number) =>
    api.post<{ order_no: string; amount: number; expires_at: string; balance: number }>('/api/rent/extend', { id, hours }),
  finish: (id: number) => api.post<{ id: number }>('/api/rent/finish', { id }),
};
