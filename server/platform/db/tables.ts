/**
 * The database's tables as Kysely sees them: the platform's own here; the product adds its tables
 * to this interface by declaration merging (server/schema/tables.ts), so `Kysely<DB>` is typed
 * with every table while the platform names none of the product's.
 * Times are epoch milliseconds; flags are 0/1 integers on both databases.
 */
export interface DB {
  rate_limits: RateLimitsTable;
  job_leases: JobLeasesTable;
}

/** Fixed-window counters (server/platform/http/rate-limit.ts). */
export interface RateLimitsTable {
  key: string;
  window_start: number;
  count: number;
}

/** Who runs each background job now (server/platform/jobs/lease.ts). */
export interface JobLeasesTable {
  name: string;
  /** The process holding the lease (random per process). */
  owner: string;
  expires_at: number;
}
