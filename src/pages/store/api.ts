import { api } from '../../providers/http';

/** A product on sale as `POST /api/store/data` lists it (prices in dollars, for the caller). */
export interface StoreItem {
  id: number;
  title: string;
  /** HTML, sanitized by the server (and again by SafeHtml). */
  description: string;
  channel: 'sms' | 'mail' | string;
  /** SMS-Activate service code and country number: what a script passes as `service` and `country`. */
  service: string | null;
  /** The display names the sup set for the service code (English, Chinese); null where unset. */
  service_name?: string | null;
  service_name_cn?: string | null;
  country: number | null;
  source: string;
  price: number;
  base_price: number;
  /** Available items; null for products served from upstream (no local stock). */
  stock: number | null;
  valid_hours: number;
  receive_limit: number;
  reset_limit: number;
  renew_price: number;
  code_wait_minutes: number;
  min_qty: number;
  max_qty: number;
}

export interface StorePage {
  list: StoreItem[];
  total: number;
}

/** What a purchase would cost now (`POST /api/order/quote`). */
export interface Quote {
  goods_id: number;
  quantity: number;
  unit_price: number;
  amount: number;
  balance: number;
  balance_after: number;
  enough_balance: boolean;
  stock: number | null;
  enough_stock: boolean;
  min_qty: number;
  max_qty: number;
}

export interface BoughtLink {
  id: number;
  token: string;
  identifier: string;
  url: string;
  api_url: string;
  expires_at: string;
}

/** A purchase made (`POST /api/order/buy`). */
export interface Purchase {
  order_id: number;
  order_no: string;
  quantity: number;
  unit_price: number;
  amount: number;
  balance: number;
  tokens: BoughtLink[];
}

/** As many products as one request may bring (the server's largest page). */
export const STORE_PAGE_SIZE = 100;

// Silent: the screens show these errors where they happened (the list, the dialog).
export const storeApi = {
  list: (page: number) => api.post<StorePage>('/api/store/data', {}, { page, pageSize: STORE_PAGE_SIZE }, { silent: true }),
  /** One product on sale at the caller's price; null when it is off sale or gone. */
  find: (id: number) =>
    api.post<StorePage>('/api/store/data', { id }, { page: 1, pageSize: 1 }, { silent: true }).then((p) => p.list[0] ?? null),
  quote: (goodsId: number, quantity: number) =>
    api.post<Quote>('/api/order/quote', { goods_id: goodsId, quantity }, undefined, { silent: true }),
  buy: (goodsId: number, quantity: number) =>
    api.post<Purchase>('/api/order/buy', { goods_id: goodsId, quantity }, undefined, { silent: true }),
};
