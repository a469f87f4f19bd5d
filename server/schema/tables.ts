import type { Generated } from 'kysely';
import type { DB } from '../platform/db/tables.js';

export type { DB };

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
  /** A sup's staff role (owner, operator, finance, support); null for customers. */
  role: string | null;
}

/** One row per audited action; append-only, each row's hash covering the previous row's. */
export interface AuditTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_name: string;
  /** The sup behind a session switched into a customer's account. */
  manager_id: number | null;
  manager_name: string | null;
  action: string;
  /** Which audit filter a row belongs to: money rows are the ones finance may read. */
  category: string;
  target_type: string | null;
  target_id: number | null;
  summary: string;
  /** JSON text, or null. */
  before: string | null;
  after: string | null;
  ip: string | null;
  create_at: number;
  prev_hash: string;
  hash: string;
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

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  /** Hundredths: 85 = 0.85. */
  rate: number;
  is_default: number;
  sort: number;
  remark: string | null;
  create_at: number;
}

export interface DiscountsTable {
  id: Generated<number>;
  user_id: number;
  goods_id: number | null;
  /** Hundredths, or null when the discount is a fixed price. */
  rate: number | null;
  price: number | null;
  start_at: number | null;
  end_at: number | null;
  remark: string | null;
  create_at: number;
}

export interface GoodsTable {
  id: Generated<number>;
  title: string;
  description: string | null;
  channel: string;
  service: string;
  country: number;
  price: number;
  valid_hours: number;
  receive_limit: number;
  reset_limit: number;
  renew_price: number;
  code_wait_minutes: number;
  /** Minutes after a link's last code its customer may take the number again (migration 012; 0: never). */
  reuse_minutes: Generated<number>;
  /** Rentals (migration 014): sold by the hour as a number holding every SMS (server/rentals). */
  rentable: Generated<number>;
  rent_price_hour: Generated<number>;
  rent_min_hours: Generated<number>;
  rent_max_hours: Generated<number>;
  /** Tell the sup when available stock falls below this (migration 016; 0: off). */
  stock_alert: Generated<number>;
  min_qty: number;
  max_qty: number;
  on_sale: number;
  sort: number;
  source: string;
  match_sender: string | null;
  match_keyword: string | null;
  /** Upstream products (migration 009): the provider and what to ask it for. */
  provider_id?: number | null;
  upstream_service?: string | null;
  upstream_country?: number | null;
  upstream_max_price?: number | null;
  stock: Generated<number>;
  sold: Generated<number>;
  create_at: number;
  update_at: number;
}

export interface StockItemsTable {
  id: Generated<number>;
  goods_id: number;
  identifier: string;
  ident_key: string;
  extra: string | null;
  state: string;
  token_id: number | null;
  /** The device it is bound to (migration 011): only that device may deliver to it. */
  device_id: number | null;
  create_at: number;
  update_at: number;
}

export interface OrdersTable {
  id: Generated<number>;
  order_no: string;
  user_id: number;
  goods_id: number;
  token_id: number | null;
  type: string;
  quantity: number;
  base_price: number;
  unit_price: number;
  rate: number | null;
  amount: number;
  refunded: Generated<number>;
  state: string;
  create_at: number;
}

export interface TokensTable {
  id: Generated<number>;
  token: string;
  user_id: number;
  goods_id: number;
  order_id: number;
  stock_item_id: number | null;
  identifier: string;
  ident_key: string;
  state: string;
  armed_at: number;
  expires_at: number;
  receive_limit: number;
  reset_limit: number;
  received: Generated<number>;
  code_count: Generated<number>;
  resets: Generated<number>;
  last_code: string | null;
  last_text: string | null;
  last_code_at: number | null;
  refund_at: number | null;
  create_at: number;
  /** Links bought from an upstream provider (migration 009; server/upstream). */
  upstream_provider_id?: number | null;
  upstream_id?: string | null;
  upstream_state?: string | null;
  upstream_resets?: number | null;
  upstream_at?: number | null;
  /** `code`, or `rent` for a rental (migration 014), and where a rental's SMS are POSTed. */
  kind: Generated<string>;
  rent_url: string | null;
}

/** One SMS of a rental to POST to its url (migration 014; server/rentals/push.ts). */
export interface RentPushesTable {
  id: Generated<number>;
  token_id: number;
  message_id: number;
  url: string;
  state: string;
  attempts: Generated<number>;
  next_at: number;
  last_error: string | null;
  create_at: number;
}

export interface MessagesTable {
  id: Generated<number>;
  source: string;
  device_id: number | null;
  sender: string | null;
  recipient: string | null;
  text: string;
  code: string | null;
  token_id: number | null;
  reason: string | null;
  received_at: number;
  create_at: number;
  /** The SIM slot it came in on (1, 2), when the device said (migration 006). */
  slot: number | null;
  /** 1 when it reached a link. */
  matched: Generated<number>;
  /** Identity for deduplication (server/codes/dedupe.ts); null for messages entered by hand. */
  fingerprint: string | null;
  exact_key: string | null;
}

/** A phone or modem pool posting to `/api/ingest/sms/<key>` (migration 006). */
export interface DevicesTable {
  id: Generated<number>;
  name: string;
  /** Public, in the webhook URL. */
  key: string;
  /** The signing secret, encrypted (server/platform/lib/secret-box.ts). */
  secret_enc: string;
  sim1: string | null;
  sim2: string | null;
  enabled: Generated<number>;
  remark: string | null;
  last_seen_at: number | null;
  message_count: Generated<number>;
  /** The phone's local clock against the business time zone, learned (migration 011). */
  clock_offset_ms: number | null;
  /** Its absolute clock against the server's at its last message. */
  clock_skew_ms: number | null;
  create_at: number;
}

/** Each signed (device, timestamp) pair and the one message it carried (migration 011). */
export interface WebhookStampsTable {
  device_id: number;
  stamp: number;
  fingerprint: string;
}

interface RecordBase {
  id: Generated<number>;
  token_id: number;
  user_id: number;
  goods_id: number;
  identifier: string;
  create_at: number;
}

export interface CodeRecordsTable extends RecordBase {
  message_id: number | null;
  sender: string | null;
  code: string;
  text: string;
}

export type ResetRecordsTable = RecordBase;

export interface AugmentRecordsTable extends RecordBase {
  order_id: number;
  days: number;
  amount: number;
  expires_before: number;
  expires_after: number;
}

/** A total over an append-only table's rows up to an id (server/stats/rollup.ts). */
export interface StatRollupsTable {
  name: string;
  upto_id: number;
  value: number;
  update_at: number;
}

/** A rollup's rows summed per quarter hour or per user, up to the rollup's upto_id (server/stats/rollup.ts). */
export interface StatPartsTable {
  name: string;
  part: number;
  value: number;
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

/** A customer's key to the SMS-Activate protocol: only its SHA-256 is kept (migration 007). */
export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  key_hash: string;
  hint: string;
  create_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
  revoked_by: number | null;
}

/** A getNumberV2 `orderId`, claimed per user so a retried purchase is not made twice. */
export interface ApiOrdersTable {
  user_id: number;
  order_key: string;
  token_id: number | null;
  create_at: number;
}

/** A service code's names in the SMS-Activate protocol's getServicesList, set by the sup (migration 013). */
export interface ServiceNamesTable {
  id: Generated<number>;
  service: string;
  name: string;
  name_cn: string | null;
  create_at: number;
}

/** An upstream provider speaking SMS-Activate's handler_api.php (migration 009). */
export interface ProvidersTable {
  id: Generated<number>;
  name: string;
  base_url: string;
  api_key: string;
  enabled: Generated<number>;
  balance: number | null;
  checked_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
  remark: string | null;
  /** Tell the sup when the balance falls below this, in hundredths (migration 016; 0: off). */
  balance_alert: Generated<number>;
  create_at: number;
}

/** The chat an account is told in, and what it chose (migration 016; server/telegram). */
export interface TelegramBindingsTable {
  user_id: number;
  chat_id: number;
  chat_title: string;
  /** Comma-separated event names. */
  events: string;
  /** A customer's 余额不足 threshold in cents (0: off). */
  balance_threshold: Generated<number>;
  create_at: number;
}

/** A one-time binding code: only its SHA-256. */
export interface TelegramBindCodesTable {
  code_hash: string;
  user_id: number;
  expires_at: number;
  create_at: number;
}

/** A message waiting to be sent to a chat; removed once sent. */
export interface TelegramOutboxTable {
  id: Generated<number>;
  chat_id: number;
  text: string;
  attempts: Generated<number>;
  next_at: number;
  last_error: string | null;
  create_at: number;
}

/** A condition already told (told once until it clears). */
export interface TelegramAlertsTable {
  key: string;
  told_at: number;
}

/** The bot's counters: the update offset, the code-record cursor. */
export interface TelegramStateTable {
  name: string;
  value: number;
}

/** An account's TOTP (migration 017): secrets sealed; `enabled_at` null while off. */
export interface UserTotpTable {
  user_id: number;
  secret: string | null;
  /** A secret shown by a setup, until a code confirms it. */
  pending_secret: string | null;
  enabled_at: number | null;
  /** The newest 30 s step a code was accepted for: a code works once. */
  last_step: number | null;
  update_at: number;
}

/** A recovery code: only its SHA-256; `used_at` once spent. */
export interface TotpRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: number | null;
  create_at: number;
}

/** One checked login attempt at an existing account (success 0/1; reason: password, totp, disabled). */
export interface LoginHistoryTable {
  id: Generated<number>;
  user_id: number;
  ip: string | null;
  success: number;
  reason: string | null;
  create_at: number;
}

/** A customer's webhook endpoint (migration 015; server/webhooks): the secret is sealed. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  user_id: number;
  url: string;
  enabled: Generated<number>;
  secret: string;
  secret_hint: string;
  paused_at: number | null;
  last_status: string | null;
  last_error: string | null;
  last_at: number | null;
  create_at: number;
  update_at: number;
}

/** One event to a customer's webhook: the outbox and the delivery log (migration 015). */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  user_id: number;
  event_id: string;
  event: string;
  token_id: number | null;
  code: string | null;
  text: string | null;
  received_at: number | null;
  url: string;
  attempt: Generated<number>;
  status: string;
  manual: Generated<number>;
  http_status: number | null;
  error: string | null;
  next_at: number | null;
  delivered_at: number | null;
  create_at: number;
}

declare module '../platform/db/tables.js' {
  /** The product's tables, beside the platform's own (server/platform/db/tables.ts). */
  interface DB {
    users: UsersTable;
    audit: AuditTable;
    sessions: SessionsTable;
    notices: NoticesTable;
    settings: SettingsTable;
    ledger: LedgerTable;
    recharges: RechargesTable;
    groups: GroupsTable;
    discounts: DiscountsTable;
    goods: GoodsTable;
    stock_items: StockItemsTable;
    orders: OrdersTable;
    tokens: TokensTable;
    rent_pushes: RentPushesTable;
    messages: MessagesTable;
    code_records: CodeRecordsTable;
    reset_records: ResetRecordsTable;
    augment_records: AugmentRecordsTable;
    stat_rollups: StatRollupsTable;
    stat_parts: StatPartsTable;
    usdt_orders: UsdtOrdersTable;
    usdt_amounts: UsdtAmountsTable;
    usdt_transfers: UsdtTransfersTable;
    usdt_watch: UsdtWatchTable;
    api_keys: ApiKeysTable;
    api_orders: ApiOrdersTable;
    service_names: ServiceNamesTable;
    devices: DevicesTable;
    webhook_stamps: WebhookStampsTable;
    providers: ProvidersTable;
    webhook_endpoints: WebhookEndpointsTable;
    webhook_deliveries: WebhookDeliveriesTable;
    user_totp: UserTotpTable;
    totp_recovery_codes: TotpRecoveryCodesTable;
    login_history: LoginHistoryTable;
    telegram_bindings: TelegramBindingsTable;
    telegram_bind_codes: TelegramBindCodesTable;
    telegram_outbox: TelegramOutboxTable;
    telegram_alerts: TelegramAlertsTable;
    telegram_state: TelegramStateTable;
  }
}
