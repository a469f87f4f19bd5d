import { api } from '../../providers/http';

/** `POST /api/order/refund` with `preview: true`: what refunding this amount does, and for whom. */
export interface OrderRefundPreview {
  id: number;
  amount: number;
  refunded: number;
  left: number;
  state: string;
  user_id: number;
  username: string;
  stops_links: boolean;
}

export const orderRefundApi = {
  // A refusal (more than is left) is toasted by the http client and stops before the confirmation.
  preview: (id: number, amount: number) => api.post<OrderRefundPreview>('/api/order/refund', { id, amount, preview: true }),
  refund: (id: number, amount: number, remark: string) => api.post('/api/order/refund', { id, amount, remark }),
};
