/** Settings read once from the environment, with the defaults the README documents. */
export interface Settings {
  port: number;
  host: string;
  databaseUrl?: string;
  dataDir: string;
  adminUsername: string;
  adminPassword?: string;
  /** Business time zone: "today" and "this month", and the times we send out. */
  timeZone: string;
  sessionTtlMs: number;
  /** A session's token is replaced (and sent back in the Authorization header) once it is this old. */
  sessionRotateMs: number;
  /** Login and register attempts allowed per address per minute. */
  authRatePerMinute: number;
  /** How long the hottest reads (sessions, recent notices) may come from a process's cache, in ms. */
  readCacheMs: number;
  logLevel: string;
  /** Where the built console lives; served when present. */
  staticDir?: string;
  /** How long the USDT watcher waits for one TronGrid answer, in ms. */
  tronTimeoutMs: number;
}

function int(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR || './data',
    adminUsername: env.ADMIN_USERNAME || 'admin',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    timeZone: env.TIME_ZONE || 'Asia/Shanghai',
    sessionTtlMs: int(env.SESSION_TTL_DAYS, 7) * 86_400_000,
    sessionRotateMs: int(env.SESSION_ROTATE_HOURS, 24) * 3_600_000,
    authRatePerMinute: int(env.AUTH_RATE_PER_MINUTE, 20),
    readCacheMs: env.READ_CACHE_MS === '0' ? 0 : int(env.READ_CACHE_MS, 1000),
    logLevel: env.LOG_LEVEL || 'info',
    staticDir: env.STATIC_DIR || undefined,
    tronTimeoutMs: int(env.TRON_TIMEOUT_MS, 10_000),
  };
}
