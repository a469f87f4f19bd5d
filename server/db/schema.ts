import type { Generated } from 'kysely';

/** Times are epoch milliseconds; money is integer cents; flags are 0/1 integers on both databases. */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  password_hash: string;
  type: string;
  status: string;
  balance: Generated<number>;
  email: string | null;
  tg: string | null;
  group_id: number | null;
  create_at: number;
  update_at: number;
  login_at: number | null;
  login_count: Generated<number>;
  login_ip: string | null;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  /** The token replaced by the last rotation stays valid briefly for requests already in flight. */
  prev_token_hash: string | null;
  prev_valid_until: number | null;
  /** The sup who switched into this user's account. */
  manager_id: number | null;
  issued_at: number;
  expires_at: number;
  revoked_at: number | null;
  ip: string | null;
  create_at: number;
}

export interface NoticesTable {
  id: Generated<number>;
  title: string;
  content: string;
  popup: number;
  day: number;
  create_at: number;
  update_at: number;
}

export interface SettingsTable {
  key: string;
  value: string;
  update_at: number;
}

export interface LedgerTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  amount: number;
  balance_before: number;
  balance_after: number;
  ref_type: string | null;
  ref_id: number | null;
  remark: string | null;
  create_at: number;
}

export interface RechargesTable {
  id: Generated<number>;
  user_id: number;
  type: string;
  amount: number;
  remark: string | null;
  operator_id: number | null;
  /** The TRON transaction of an automatic (USDT) recharge; unique. */
  tx_hash?: string | null;
  create_at: number;
}

export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

export interface JobLeasesTable {
  name: string;
  /** The process holding the lease (random per process). */
  owner: string;
  expires_at: number;
}

/** A USDT pay order; amounts in cents of USDT (1 USDT = $1). */
export interface UsdtOrdersTable {
  id: Generated<number>;
  user_id: number;
  /** The exact amount to send (unique among orders that may still be paid). */
  amount: number;
  /** What the customer asked for. */
  requested: number;
  address: string;
  state: string;
  tx_hash: string | null;
  from: string | null;
  block_time: number | null;
  expires_at: number;
  cancelled_at: number | null;
  paid_at: number | null;
  recharge_id: number | null;
  create_at: number;
  update_at: number;
}

export interface UsdtAmountsTable {
  amount: number;
  order_id: number;
  held_until: number;
}

/** An incoming USDT transfer that matched no pay order, until a sup attaches it to a user. */
export interface UsdtTransfersTable {
  id: Generated<number>;
  tx_hash: string;
  address: string;
  from: string;
  /** The exact value in the token's smallest unit (10^-6 USDT), as the chain has it. */
  value: string;
  /** The value in cents, rounded down: what attaching credits. */
  amount: number;
  block_time: number;
  state: string;
  reason: string;
  order_id: number | null;
  user_id: number | null;
  recharge_id: number | null;
  operator_id: number | null;
  attached_at: number | null;
  create_at: number;
}

/** Where the watcher has read a receiving address up to, and how its last poll went. */
export interface UsdtWatchTable {
  address: string;
  cursor: number;
  last_poll_at: number | null;
  last_ok_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
  failures: Generated<number>;
  retry_at: Generated<number>;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  notices: NoticesTable;
  settings: SettingsTable;
  ledger: LedgerTable;
  recharges: RechargesTable;
  rate_limits: RateLimitsTable;
  job_leases: JobLeasesTable;
  usdt_orders: UsdtOrdersTable;
  usdt_amounts: UsdtAmountsTable;
  usdt_transfers: UsdtTransfersTable;
  usdt_watch: UsdtWatchTable;
}
