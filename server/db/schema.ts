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

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  notices: NoticesTable;
  settings: SettingsTable;
  ledger: LedgerTable;
  recharges: RechargesTable;
  rate_limits: RateLimitsTable;
  job_leases: JobLeasesTable;
}
