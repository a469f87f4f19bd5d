import type { Settings } from './platform/settings.js';

export type { Settings };

declare module './platform/settings.js' {
  /** The product's settings, beside the platform's (server/platform/settings.ts). */
  interface Settings {
    port: number;
    host: string;
    databaseUrl?: string;
    adminUsername: string;
    adminPassword?: string;
    sessionTtlMs: number;
    /** A session's token is replaced (and sent back in the Authorization header) once it is this old. */
    sessionRotateMs: number;
    /** Login and register attempts allowed per address per minute. */
    authRatePerMinute: number;
    /** How long the USDT watcher waits for one TronGrid answer, in ms. */
    tronTimeoutMs: number;
    /** Code reads (`GET /api/code/<token>`) allowed per link and per client address, per minute. */
    codeRatePerToken: number;
    codeRatePerAddress: number;
    /** SMS-Activate protocol calls (`/stubs/handler_api.php`) allowed per API key, per minute. */
    handlerRatePerKey: number;
    /** A getNumber may be cancelled (with its refund) this long after it was bought; 0: at once. */
    handlerCancelAfterMs: number;
    /** Encrypts stored secrets (device secrets, providers' keys) at rest (DEVICE_SECRET_KEY); unset: a key file under dataDir. */
    secretKey?: string;
    /** Webhook timestamps further than this from the server's clock are refused (ms). */
    webhookMaxSkewMs: number;
    /** A device silent this long is flagged (ms). */
    deviceSilentMs: number;
    /** The SMTP receiver's port (0: off) and address (SMTP_HOST; unset: HOST's, so it is as open as the API). */
    smtpPort: number;
    smtpHost: string;
    /** Largest mail the SMTP receiver takes, in bytes. */
    smtpMaxBytes: number;
    /** SMTP connections at once (more get 421), and how long one may stay silent (ms). */
    smtpMaxClients: number;
    smtpIdleTimeoutMs: number;
    /** How long one call to an upstream provider may take (ms); past it the outcome is unknown. */
    upstreamTimeoutMs: number;
    /** How often links waiting for an upstream code are polled (getStatus), in ms. */
    upstreamPollMs: number;
    /** Lets a caller that is not this machine read /metrics (`Authorization: Bearer <METRICS_TOKEN>`); unset: only this machine. */
    metricsToken?: string;
    /** Scheduled backups: one every this many ms (0: off), the newest this many kept (0: all), in this folder (unset: DATA_DIR/backups). */
    backupIntervalMs: number;
    backupKeep: number;
    backupDir?: string;
    /** Customer webhooks (server/webhooks): private, loopback and link-local targets allowed (WEBHOOK_ALLOW_PRIVATE=1: tests, closed networks). */
    webhookAllowPrivate: boolean;
    /** One delivery's whole time (resolve, connect, answer), in ms. */
    webhookTimeoutMs: number;
    /** The waits between a delivery's tries (WEBHOOK_RETRY_SECONDS, comma-separated): one more try than waits. */
    webhookRetryDelaysMs: number[];
    /** How often the delivery job looks for due deliveries, in ms (a code also wakes it in its own process). */
    webhookPollMs: number;
    /** Finished deliveries (delivered or failed) are kept this many days in the customers' logs (WEBHOOK_LOG_DAYS). */
    webhookLogDays: number;
    /** The Telegram bot's token (TELEGRAM_BOT_TOKEN; unset: the one the sup saved, if any) and the Bot API's address. */
    telegramBotToken?: string;
    telegramApiRoot: string;
    /** How long one getUpdates long poll waits for news, in seconds (under the job lease's 30 s). */
    telegramPollSeconds: number;
  }
}

function int(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Settings read once from the environment, with the defaults the README documents. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  return {
    port: int(env.PORT, 8080),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL?.trim() || undefined,
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
    trustProxy: proxies(env.TRUST_PROXY),
    headersTimeoutMs: int(env.HEADERS_TIMEOUT_MS, 15_000),
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 30_000),
    idleTimeoutMs: int(env.IDLE_TIMEOUT_MS, 90_000),
    tronTimeoutMs: int(env.TRON_TIMEOUT_MS, 10_000),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    codeRatePerToken: int(env.CODE_RATE_PER_TOKEN, 120),
    codeRatePerAddress: int(env.CODE_RATE_PER_ADDRESS, 6000),
    handlerRatePerKey: int(env.HANDLER_RATE_PER_KEY, 120_000),
    upstreamTimeoutMs: int(env.UPSTREAM_TIMEOUT_MS, 15_000),
    upstreamPollMs: int(env.UPSTREAM_POLL_MS, 3_000),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    handlerCancelAfterMs: (env.HANDLER_CANCEL_AFTER_SECONDS === '0' ? 0 : int(env.HANDLER_CANCEL_AFTER_SECONDS, 120)) * 1000,
    secretKey: env.DEVICE_SECRET_KEY || undefined,
    webhookMaxSkewMs: int(env.WEBHOOK_MAX_SKEW_SECONDS, 600) * 1000,
    deviceSilentMs: int(env.DEVICE_SILENT_MINUTES, 60) * 60_000,
    smtpPort: env.SMTP_PORT === '0' ? 0 : int(env.SMTP_PORT, 2525),
    smtpHost: env.SMTP_HOST || env.HOST || '127.0.0.1',
    smtpMaxBytes: int(env.SMTP_MAX_BYTES, 2 * 1024 * 1024),
    smtpMaxClients: int(env.SMTP_MAX_CLIENTS, 100),
    smtpIdleTimeoutMs: int(env.SMTP_IDLE_SECONDS, 30) * 1000,
    backupIntervalMs: (env.BACKUP_INTERVAL_HOURS === '0' ? 0 : int(env.BACKUP_INTERVAL_HOURS, 24)) * 3_600_000,
    backupKeep: env.BACKUP_KEEP === '0' ? 0 : int(env.BACKUP_KEEP, 7),
    backupDir: env.BACKUP_DIR || undefined,
    webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE === '1' || env.WEBHOOK_ALLOW_PRIVATE === 'true',
    webhookTimeoutMs: int(env.WEBHOOK_TIMEOUT_SECONDS, 5) * 1000,
    webhookRetryDelaysMs: retryDelays(env.WEBHOOK_RETRY_SECONDS),
    webhookPollMs: int(env.WEBHOOK_POLL_MS, 1000),
    webhookLogDays: int(env.WEBHOOK_LOG_DAYS, 30),
    telegramBotToken: env.TELEGRAM_BOT_TOKEN?.trim() || undefined,
    telegramApiRoot: (env.TELEGRAM_API_ROOT?.trim() || 'https://api.telegram.org').replace(/\/+$/, ''),
    telegramPollSeconds: Math.min(int(env.TELEGRAM_POLL_SECONDS, 20), 25),
  };
}

/** '1' (or 'true'): one proxy; '2': two; '10.0.0.5,10.1.0.0/16': the proxies' addresses; unset or '0': none. */
function proxies(value: string | undefined): number | string {
  const v = value?.trim() ?? '';
  if (v === '' || v === '0' || v === 'false') return 0;
  if (v === 'true') return 1;
  return /^\d+$/.test(v) ? Number(v) : v;
}

/**
 * A webhook's waits between tries, in seconds: by default 10 s, 30 s, 1, 5, 10, 20, 30 and 60 minutes,
 * so 9 tries over about 2 hours 7 minutes. A list that is not all positive numbers keeps the default.
 */
function retryDelays(value: string | undefined): number[] {
  const fallback = [10, 30, 60, 300, 600, 1200, 1800, 3600];
  const list = (value ?? '').split(',').map((v) => Number(v.trim()));
  const ok = value?.trim() && list.length && list.every((n) => Number.isFinite(n) && n > 0);
  return (ok ? list : fallback).map((n) => Math.round(n * 1000));
}
