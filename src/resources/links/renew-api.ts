import { api } from '../../providers/http';

/** `POST /api/token/quote`: what renewing a link for some days costs, and the balance after. */
export interface RenewQuote {
  id: number;
  days: number;
  renew_price: number;
  amount: number;
  balance: number;
  balance_after: number;
  enough_balance: boolean;
  expires_at: string;
  expires_after: string;
}

export const renewApi = {
  // The dialog shows a refusal itself (a product without renewal, a link past its grace day).
  quote: (id: number, days: number) => api.post<RenewQuote>('/api/token/quote', { id, days }, undefined, { silent: true }),
  augment: (id: number, days: number) =>
    api.post<{ order_no: string; amount: number; expires_at: string; balance: number }>('/api/token/augment', { id, days }),
};
