/**
 * What the tables and columns mean, where the name does not say it. The table types are generated
 * (server/schema/generated-tables.ts, by `npm run db:types`) from the migrated schema and the
 * declaration; these notes are written by hand and become their doc comments. A note on a table or a
 * column that does not exist stops the generator, so none outlives its column.
 */
export interface TableNote {
  /** The table's doc comment. */
  table?: string;
  columns?: Record<string, string>;
}

export const tableNotes: Record<string, TableNote> = {
  users: {
    columns: {
      role: "A sup's staff role (owner, operator, finance, support); null for customers.",
      reseller_id: 'The user id of the reseller a customer belongs to (registered on its host); null: the main site (migration 028).',
    },
  },
  audit: {
    table: "One row per audited action; append-only, each row's hash covering the previous row's.",
    columns: {
      manager_id: "The sup behind a session switched into a customer's account.",
      category: 'Which audit filter a row belongs to: money rows are the ones finance may read.',
      before: 'JSON text, or null.',
    },
  },
  sessions: {
    columns: {
      prev_token_hash: 'The token replaced by the last rotation stays valid briefly for requests already in flight.',
      manager_id: "The sup who switched into this user's account.",
    },
  },
  recharges: {
    columns: { tx_hash: 'The TRON transaction of an automatic (USDT) recharge; unique.' },
  },
  groups: {
    columns: { rate: 'Hundredths: 85 = 0.85.' },
  },
  discounts: {
    columns: { rate: 'Hundredths, or null when the discount is a fixed price.' },
  },
  goods: {
    columns: {
      reuse_minutes: "Minutes after a link's last code its customer may take the number again (migration 012; 0: never).",
      rentable: 'Rentals (migration 014): sold by the hour as a number holding every SMS (server/rentals).',
      stock_alert: 'Tell the sup when available stock falls below this (migration 016; 0: off).',
      agent_sell:
        "Offered to aggregators (migration 026; server/agents) under agent_service, agent_country and agent_operator (null: the product's own).",
      provider_id: 'Upstream products (migration 009): the provider and what to ask it for.',
      sold: 'Units sold, and `stock` the items available, as of the last fold: the moves in goods_moves are added to read them as they stand.',
    },
  },
  goods_moves: {
    table:
      "What one sale (or hand-out, or its undoing) changed of a product's sold and stock counts, not yet added to goods (migration 029; server/goods-counts folds them every second).",
  },
  stock_items: {
    columns: {
      device_id: 'The device it is bound to (migration 011): only that device may deliver to it.',
      agent_handouts: 'How many times it was handed to an aggregator (migration 026): at most four.',
    },
  },
  tokens: {
    columns: {
      upstream_provider_id: 'Links bought from an upstream provider (migration 009; server/upstream).',
      kind: "`code`, or `rent` for a rental (migration 014); `rent_url`: where a rental's SMS are POSTed.",
    },
  },
  rent_pushes: { table: 'One SMS of a rental to POST to its url (migration 014; server/rentals/push.ts).' },
  messages: {
    columns: {
      slot: 'The SIM slot it came in on (1, 2), when the device said (migration 006).',
      matched: '1 when it reached a link.',
      fingerprint: 'Identity for deduplication (server/codes/dedupe.ts); null for messages entered by hand.',
    },
  },
  devices: {
    table: 'A phone or modem pool posting to `/api/ingest/sms/<key>` (migration 006).',
    columns: {
      key: 'Public, in the webhook URL.',
      secret_enc: 'The signing secret, encrypted (server/platform/lib/secret-box.ts).',
      clock_offset_ms: "The phone's local clock against the business time zone, learned (migration 011).",
      clock_skew_ms: "Its absolute clock against the server's at its last message.",
    },
  },
  webhook_stamps: { table: 'Each signed (device, timestamp) pair and the one message it carried (migration 011).' },
  device_numbers: {
    table: 'A phone number in stock and where it lives (migration 027; server/intake/numbers).',
    columns: {
      ident_key: 'The digits of the number, as stock keys it (one record per number, whichever products hold it).',
      device_id: "The device holding it: always its stock items' `device_id` (server/intake/numbers/records.ts).",
      slot: '`1`, `2` (SmsForwarder SIM1/SIM2) or a modem pool PhoneID: where its check SMS arrived.',
      check_code: 'The pending check code (unique while held); `check_at`: when it was asked.',
      expire_at: 'When its SIM lapses; with `keep_days`, each received SMS moves it to at least then + keep_days.',
    },
  },
  stat_rollups: { table: "A total over an append-only table's rows up to an id (server/stats/rollup.ts)." },
  stat_parts: { table: "A rollup's rows summed per quarter hour or per user, up to the rollup's upto_id (server/stats/rollup.ts)." },
  usdt_orders: {
    table: 'A USDT pay order; amounts in cents of USDT (1 USDT = $1).',
    columns: {
      amount: 'The exact amount to send (unique among orders that may still be paid).',
      requested: 'What the customer asked for.',
    },
  },
  usdt_transfers: {
    table: 'An incoming USDT transfer that matched no pay order, until a sup attaches it to a user.',
    columns: {
      value: "The exact value in the token's smallest unit (10^-6 USDT), as the chain has it.",
      amount: 'The value in cents, rounded down: what attaching credits.',
    },
  },
  usdt_watch: { table: 'Where the watcher has read a receiving address up to, and how its last poll went.' },
  usdt_chain_watch: {
    table: "An EVM chain's USDT watcher (migration 024): the last block fully read, and how its last scan went.",
    columns: {
      cursor: 'The last block whose transfers are settled; -1 before the first scan.',
      span: 'Blocks one eth_getLogs asks for (halved when the node refuses the range).',
    },
  },
  api_keys: { table: "A customer's key to the SMS-Activate protocol: only its SHA-256 is kept (migration 007)." },
  api_orders: { table: 'A getNumberV2 `orderId`, claimed per user so a retried purchase is not made twice.' },
  service_names: {
    table: "A service code's names in the SMS-Activate protocol's getServicesList, set by the sup (migration 013).",
    columns: { fivesim: 'The product word the 5sim API gives the code (migration 022); null: the built-in one.' },
  },
  fivesim_bans: { table: "An activation a customer ended with the 5sim API's `ban` (migration 022; server/fivesim)." },
  providers: {
    table: "An upstream provider speaking SMS-Activate's handler_api.php (migration 009).",
    columns: { balance_alert: 'Tell the sup when the balance falls below this, in hundredths (migration 016; 0: off).' },
  },
  telegram_bindings: {
    table: 'The chat an account is told in, and what it chose (migration 016; server/telegram).',
    columns: {
      events: 'Comma-separated event names.',
      balance_threshold: "A customer's 余额不足 threshold in cents (0: off).",
    },
  },
  telegram_bind_codes: { table: 'A one-time binding code: only its SHA-256.' },
  telegram_outbox: {
    table: 'A message waiting to be sent to a chat; removed once sent.',
    columns: { priority: "Higher goes first within its chat: a code before a command's reply." },
  },
  telegram_alerts: { table: 'A condition already told (told once until it clears).' },
  telegram_state: { table: "The bot's counters: the update offset, the code-record cursor." },
  user_totp: {
    table: "An account's TOTP (migration 017): secrets sealed; `enabled_at` null while off.",
    columns: {
      pending_secret: 'A secret shown by a setup, until a code confirms it.',
      last_step: 'The newest 30 s step a code was accepted for: a code works once.',
    },
  },
  totp_recovery_codes: { table: 'A recovery code: only its SHA-256; `used_at` once spent.' },
  login_history: { table: 'One checked login attempt at an existing account (success 0/1; reason: password, totp, disabled).' },
  webhook_endpoints: { table: "A customer's webhook endpoint (migration 015; server/webhooks): the secret is sealed." },
  webhook_deliveries: { table: "One event to a customer's webhook: the outbox and the delivery log (migration 015)." },
  aggregators: {
    table: 'An aggregator the sup sells idle numbers to over the SMSHUB agent protocol (migration 026; server/agents).',
    columns: {
      key: 'Sealed (server/platform/lib/secret-box.ts): the aggregator sends it with each call and gets it with each push.',
      rub_rate: 'Hundredths of a rouble per dollar: 9000 = 90.00.',
      failing_since: 'The first failed push since the last one that succeeded (null: pushes are going through).',
    },
  },
  agent_activations: {
    table:
      'A number handed to an aggregator (GET_NUMBER); its stock item is taken from stock like a sale until the aggregator finishes it.',
    columns: {
      sum: 'What the aggregator pays, in hundredths of its currency (643 roubles, 840 dollars).',
      amount: "The sum in cents of a dollar, at the aggregator's rouble rate when it was handed out.",
      ident_key: 'The number as stock matches it (digits only).',
    },
  },
  agent_pushes: {
    table: "An SMS to be pushed to an aggregator (PUSH_SMS), queued in the SMS's own transaction; one per aggregator and message.",
    columns: { state: '`pending` until the aggregator answers SUCCESS (`sent`), or `failed` after a day of tries.' },
  },
  resellers: {
    table: 'A customer who resells the catalogue on a host of their own (分站, migration 028; server/resellers).',
    columns: {
      host: 'Lower case, no port: the Host (or trusted X-Forwarded-Host) its site answers on; unique.',
      markup: "Hundredths of a percent over the reseller's own price: 2000 = 20 %.",
      settle_days: 'Days before a profit is credited; 0: within a minute.',
    },
  },
  reseller_prices: {
    table: "A reseller's own price for one product (one row per reseller and product); `user_id` is the reseller.",
  },
  profits: {
    table: 'What a reseller earned on one order of one of its customers (one row per order; `user_id` is the reseller).',
    columns: {
      amount: "Cents: what the customer paid less the reseller's own price.",
      reversed: 'Cents of `amount` that refunds took back (pending: never credited; settled: debited).',
      settle_at: 'When the job credits it (pending until then).',
    },
  },
};
