import { api } from '../../providers/http';

/** What `POST /api/delivery/replay` and `POST /api/webhook/test` answer: the delivery after its try. */
export interface DeliveryOutcome {
  id: number;
  event_id: string;
  status: 'pending' | 'delivered' | 'failed';
  http_status: number | null;
  error: string | null;
  attempt: number;
}

/** 重发: a failed delivery sent once more, now (the answer says whether it went through). */
export const replayDelivery = (id: number) => api.post<DeliveryOutcome>('/api/delivery/replay', { id });

type Toasts = { success(text: string): unknown; error(text: string): unknown; info(text: string): unknown };

/** Tells what a test or a 重发 did: delivered, failed and why, or (taken by the delivery job first) on its way. */
export function showOutcome(message: Toasts, r: DeliveryOutcome, done: string, failed: string): void {
  if (r.status === 'delivered') message.success(`${done}（HTTP ${r.http_status}）`);
  else if (r.status === 'pending' && !r.error) message.info('已加入发送队列，请稍后查看结果');
  else message.error(`${failed}：${r.error ?? '未知原因'}`);
}
