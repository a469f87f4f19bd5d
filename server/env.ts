import type { Settings } from './platform/settings.js';
import { SettingsError, SettingsReader, type SettingShown } from './settings-reader.js';

export type { Settings, SettingShown };
export { SettingsError };

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
    /** A number whose SIM lapses within this many days is shown as about to lapse, and told on Telegram. */
    numberExpiryWarnDays: number;
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

const MAX_MS = 2_147_483_647; // the longest a Node timer waits
const MANY = 1_000_000_000;

/** Settings read once from the environment, with the defaults the README documents; a bad value throws SettingsError naming every one. */
export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const { settings, problems } = inspectSettings(env);
  if (problems.length) throw new SettingsError(problems);
  return settings;
}

/** The settings in effect, what each one is shown as (secrets masked), and what is wrong: for the start and for check-config. */
export function inspectSettings(env: NodeJS.ProcessEnv = process.env): { settings: Settings; problems: string[]; shown: SettingShown[] } {
  const r = new SettingsReader(env);
  const host = r.text('HOST', '127.0.0.1');
  const settings: Settings = {
    port: r.int('PORT', 8080, { min: 1, max: 65535 }),
    host,
    databaseUrl: r.databaseUrl('DATABASE_URL'),
    dataDir: r.text('DATA_DIR', './data'),
    adminUsername: r.text('ADMIN_USERNAME', 'admin'),
    adminPassword: r.secret('ADMIN_PASSWORD'),
    timeZone: r.timeZone('TIME_ZONE', 'Asia/Shanghai'),
    sessionTtlMs: r.int('SESSION_TTL_DAYS', 7, { min: 1, max: 3650 }) * 86_400_000,
    sessionRotateMs: r.int('SESSION_ROTATE_HOURS', 24, { min: 1, max: 87_600 }) * 3_600_000,
    authRatePerMinute: r.int('AUTH_RATE_PER_MINUTE', 20, { min: 1, max: MANY }),
    readCacheMs: r.int('READ_CACHE_MS', 1000, { min: 1, max: 3_600_000, zero: true }),
    logLevel: r.logLevel('LOG_LEVEL', 'info'),
    staticDir: r.text('STATIC_DIR'),
    trustProxy: r.proxies('TRUST_PROXY'),
    headersTimeoutMs: r.int('HEADERS_TIMEOUT_MS', 15_000, { min: 1, max: MAX_MS }),
    requestTimeoutMs: r.int('REQUEST_TIMEOUT_MS', 30_000, { min: 1, max: MAX_MS }),
    idleTimeoutMs: r.int('IDLE_TIMEOUT_MS', 90_000, { min: 1, max: MAX_MS }),
    tronTimeoutMs: r.int('TRON_TIMEOUT_MS', 10_000, { min: 1, max: MAX_MS }),
    publicUrl: r.httpUrl('PUBLIC_URL'),
    codeRatePerToken: r.int('CODE_RATE_PER_TOKEN', 120, { min: 1, max: MANY }),
    codeRatePerAddress: r.int('CODE_RATE_PER_ADDRESS', 6000, { min: 1, max: MANY }),
    handlerRatePerKey: r.int('HANDLER_RATE_PER_KEY', 120_000, { min: 1, max: MANY }),
    upstreamTimeoutMs: r.int('UPSTREAM_TIMEOUT_MS', 15_000, { min: 1, max: MAX_MS }),
    upstreamPollMs: r.int('UPSTREAM_POLL_MS', 3_000, { min: 1, max: MAX_MS }),
    metricsToken: r.secret('METRICS_TOKEN'),
    handlerCancelAfterMs: r.int('HANDLER_CANCEL_AFTER_SECONDS', 120, { min: 1, max: 86_400, zero: true }) * 1000,
    secretKey: r.secret('DEVICE_SECRET_KEY'),
    webhookMaxSkewMs: r.int('WEBHOOK_MAX_SKEW_SECONDS', 600, { min: 1, max: 86_400 }) * 1000,
    deviceSilentMs: r.int('DEVICE_SILENT_MINUTES', 60, { min: 1, max: 35_000 }) * 60_000,
    numberExpiryWarnDays: r.int('NUMBER_EXPIRY_WARN_DAYS', 7, { min: 1, max: 365 }),
    smtpPort: r.int('SMTP_PORT', 2525, { min: 1, max: 65535, zero: true }),
    smtpHost: r.text('SMTP_HOST', host),
    smtpMaxBytes: r.int('SMTP_MAX_BYTES', 2 * 1024 * 1024, { min: 1, max: MANY }),
    smtpMaxClients: r.int('SMTP_MAX_CLIENTS', 100, { min: 1, max: 100_000 }),
    smtpIdleTimeoutMs: r.int('SMTP_IDLE_SECONDS', 30, { min: 1, max: 86_400 }) * 1000,
    backupIntervalMs: r.int('BACKUP_INTERVAL_HOURS', 24, { min: 1, max: 8760, zero: true }) * 3_600_000,
    backupKeep: r.int('BACKUP_KEEP', 7, { min: 1, max: 100_000, zero: true }),
    backupDir: r.text('BACKUP_DIR'),
    webhookAllowPrivate: r.bool('WEBHOOK_ALLOW_PRIVATE'),
    webhookTimeoutMs: r.int('WEBHOOK_TIMEOUT_SECONDS', 5, { min: 1, max: 600 }) * 1000,
    // By default 10 s, 30 s, 1, 5, 10, 20, 30 and 60 minutes: 9 tries over about 2 hours 7 minutes.
    webhookRetryDelaysMs: r.numberList('WEBHOOK_RETRY_SECONDS', [10, 30, 60, 300, 600, 1200, 1800, 3600]).map((n) => Math.round(n * 1000)),
    webhookPollMs: r.int('WEBHOOK_POLL_MS', 1000, { min: 1, max: MAX_MS }),
    webhookLogDays: r.int('WEBHOOK_LOG_DAYS', 30, { min: 1, max: 36_500 }),
    telegramBotToken: r.secret('TELEGRAM_BOT_TOKEN', (v) => `******${v.slice(-4)}`),
    telegramApiRoot: r.httpUrl('TELEGRAM_API_ROOT', 'https://api.telegram.org'),
    // Under the job lease's 30 s.
    telegramPollSeconds: r.int('TELEGRAM_POLL_SECONDS', 20, { min: 1, max: 25 }),
  };
  return { settings, problems: r.problems, shown: r.shown };
}
