import { api } from '../../providers/http';

/** `POST /api/token/refund` with `preview: true`: what refunding the whole link pays back, and to whom. */
export interface LinkRefundPreview {
  id: number;
  amount: number;
  user_id: number;
  username: string;
  identifier: string;
}

export const linkRefundApi = {
  // The dialog shows a refusal itself (a link already refunded, nothing left to pay back).
  preview: (id: number) => api.post<LinkRefundPreview>('/api/token/refund', { id, preview: true }, undefined, { silent: true }),
  // `amount` is what the sup was shown: the server refuses if it is no longer what would be paid back.
  refund: (id: number, remark: string, amount: number) => api.post<{ amount: number }>('/api/token/refund', { id, remark, amount }),
};
