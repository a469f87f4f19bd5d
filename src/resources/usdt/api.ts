import { api } from '../../providers/http';

/** `GET /api/usdt/options`: whether customers may top up, and within what. */
export interface UsdtOptions {
  enabled: boolean;
  min_amount: number;
  max_amount: number;
  expire_minutes: number;
  wait_confirm: boolean;
  network: string;
  /** Every open network, TRC20 first (`chain`: trc20, bep20, erc20, polygon, arbitrum). */
  chains?: Array<{ chain: string; network: string; address: string; wait_confirm: boolean }>;
}

export type PayState = 'waiting' | 'confirming' | 'paid' | 'expired' | 'cancelled';

/** A pay order as create, detail and cancel answer it. */
export interface PayOrder {
  id: number;
  amount: number;
  requested: number;
  address: string;
  /** trc20, bep20, erc20, polygon or arbitrum; `network` is its name as wallets show it. */
  chain?: string;
  network: string;
  state: PayState;
  tx_hash: string | null;
  expires_at: string;
  /** Seconds left on the server's clock when it answered. */
  expires_in: number;
  paid_at: string | null;
  create_at: string;
}

export const usdtApi = {
  options: () => api.get<UsdtOptions>('/api/usdt/options'),
  create: (amount: number, chain = 'trc20') => api.post<PayOrder>('/api/usdt/create', { amount, chain }),
  detail: (id: number) => api.get<PayOrder>('/api/usdt/detail', { id }, { silent: true }),
  cancel: (id: number) => api.post<PayOrder>('/api/usdt/cancel', { id }),
  openOrders: () => api.post<{ list: PayOrder[]; total: number }>('/api/usdt/data', { state: 'waiting' }, { page: 1, pageSize: 5 }),
};

/** Where the generated list of pay orders lives, and the pay screen of one. */
export const ORDERS_ROUTE = '/account/recharge/orders';
export const payRoute = (id: number) => `/account/usdt?id=${id}`;
