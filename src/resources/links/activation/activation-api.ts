import { api } from '../../../providers/http';

/** A link as the panel reads it (`/api/token/detail` and `/api/token/data` rows). */
export interface ActivationLink {
  id: number;
  token: string;
  identifier: string;
  state: string;
  goods_id: number;
  goods_id_label?: string | null;
  /** The product's SMS-Activate country number: the number's dialling prefix is shown apart. */
  country?: number | null;
  last_code: string | null;
  last_text: string | null;
  last_code_at: string | null;
  expires_at: string;
  refund_at: string | null;
  receives_left: number | null;
  resets: number;
  reset_limit: number;
  renewable: boolean;
  /** 再次使用此号码 is offered (the purchase checks the rest). */
  reusable: boolean;
  url: string;
  /** Seconds from the answer, by the server's clock (null: does not apply). */
  timers: { expires_in: number; refund_in: number | null; cancel_in: number | null };
}

/** What a held code read answers (`GET /api/code/<token>?wait=&seen=`): enough to see that something changed. */
interface CodeAnswer {
  code: number;
  data: { state: string; code: string | null; reset: boolean } | null;
}

const ORDER_PAGE = 100;

export const activationApi = {
  one: (id: number) => api.get<ActivationLink>('/api/token/detail', { id }, { silent: true }),
  ofOrder: (orderId: number) =>
    api
      .post<{ list: ActivationLink[] }>('/api/token/data', { order_id: orderId }, { page: 1, pageSize: ORDER_PAGE }, { silent: true })
      .then((p) => p.list.sort((a, b) => a.id - b.id)), // as bought
  cancel: (id: number) => api.post<{ amount: number; balance: number | null }>('/api/token/cancel', { id }),
  finish: (id: number) => api.post('/api/token/finish', { id }),
  reset: (id: number) => api.post<{ resets_left: number }>('/api/token/reset', { id }),
  reuse: (id: number) => api.post<{ amount: number; tokens: Array<{ id: number; identifier: string }> }>('/api/token/reuse', { id }),
  /** The customer's price for one more unit, for the confirmation (null when the store would refuse a quote). */
  price: (goodsId: number) =>
    api.post<{ amount: number }>('/api/order/quote', { goods_id: goodsId, quantity: 1 }, undefined, { silent: true }).then(
      (q) => q.amount,
      () => null,
    ),
  /**
   * Held by the server until what the link shows differs from `seen` (a code, a 重提, its end) or
   * 25 s pass. Plain fetch: a long read must not trip the console's error toasts or timeouts.
   */
  async watch(token: string, seen: string, signal: AbortSignal): Promise<CodeAnswer | null> {
    const res = await fetch(`/api/code/${encodeURIComponent(token)}?wait=25&seen=${encodeURIComponent(seen)}`, {
      signal,
      cache: 'no-store',
      headers: { Accept: 'application/json' },
    });
    return res.ok ? (res.json() as Promise<CodeAnswer>) : null;
  },
};
