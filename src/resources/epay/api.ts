import { api } from '../../providers/http';

/** One way 账户充值 offers (`GET /api/pay/options`): an epay type (`alipay`, `wxpay`, `qqpay`) or `usdt_<chain>`. */
export interface PayMethod {
  method: string;
  label: string;
  min_amount: number;
  max_amount: number;
  /** CNY per dollar for the epay types; 1 for USDT. */
  rate: number;
}

export type EpayState = 'waiting' | 'paid' | 'expired' | 'cancelled';

/** An 易支付 pay order as create, detail and cancel answer it (`pay_url` while it can be paid; `qrcode` from create on a desktop). */
export interface EpayOrder {
  id: number;
  order_no: string;
  type: string;
  amount: number;
  money: number;
  state: EpayState;
  trade_no: string | null;
  expires_at: string;
  expires_in: number;
  paid_at: string | null;
  create_at: string;
  pay_url?: string;
  qrcode?: string | null;
}

export const payApi = {
  options: () => api.get<{ methods: PayMethod[] }>('/api/pay/options'),
};

export const epayApi = {
  create: (amount: number, type: string, device: 'pc' | 'mobile') => api.post<EpayOrder>('/api/epay/create', { amount, type, device }),
  detail: (id: number) => api.get<EpayOrder>('/api/epay/detail', { id }, { silent: true }),
  cancel: (id: number) => api.post<EpayOrder>('/api/epay/cancel', { id }),
};

/** Where the generated list of 易支付 orders lives. */
export const EPAY_ORDERS_ROUTE = '/account/recharge/epay';
/** The CNY to pay for `dollars` at `rate`, rounded up to the fen as the server does. */
export const cnyFor = (dollars: number, rate: number) => Math.ceil((Math.round(dollars * 100) * Math.round(rate * 100)) / 100) / 100;
