/**
 * The words of SMS-Activate's handler_api.php, exact strings as clients and providers match them
 * (docs/sms-activate.md#answer-words), written once: our handler answers with them
 * (server/sms-activate) and the upstream client reads them in providers' answers (server/upstream).
 * `ERROR_SQL` is the word every popular client already treats as "the service failed, try again":
 * we answer it for rate limits and internal errors.
 */
export const W = {
  BAD_KEY: 'BAD_KEY',
  BAD_ACTION: 'BAD_ACTION',
  BAD_SERVICE: 'BAD_SERVICE',
  BAD_STATUS: 'BAD_STATUS',
  BAD_COUNTRY: 'BAD_COUNTRY',
  BANNED: 'BANNED',
  WRONG_ACTIVATION_ID: 'WRONG_ACTIVATION_ID',
  CHANNELS_LIMIT: 'CHANNELS_LIMIT',
  ACCOUNT_INACTIVE: 'ACCOUNT_INACTIVE',
  NO_ACTIVATION: 'NO_ACTIVATION',
  NO_ACTIVATIONS: 'NO_ACTIVATIONS',
  NO_NUMBERS: 'NO_NUMBERS',
  NO_BALANCE: 'NO_BALANCE',
  ORDER_ALREADY_EXISTS: 'ORDER_ALREADY_EXISTS',
  EARLY_CANCEL_DENIED: 'EARLY_CANCEL_DENIED',
  WRONG_MAX_PRICE: 'WRONG_MAX_PRICE',
  ERROR_SQL: 'ERROR_SQL',
  ACCESS_NUMBER: 'ACCESS_NUMBER',
  ACCESS_BALANCE: 'ACCESS_BALANCE',
  ACCESS_READY: 'ACCESS_READY',
  ACCESS_RETRY_GET: 'ACCESS_RETRY_GET',
  ACCESS_ACTIVATION: 'ACCESS_ACTIVATION',
  ACCESS_CANCEL: 'ACCESS_CANCEL',
  ACCESS_CANCEL_ALREADY: 'ACCESS_CANCEL_ALREADY',
  STATUS_WAIT_CODE: 'STATUS_WAIT_CODE',
  STATUS_WAIT_RESEND: 'STATUS_WAIT_RESEND',
  STATUS_WAIT_RETRY: 'STATUS_WAIT_RETRY',
  STATUS_OK: 'STATUS_OK',
  STATUS_CANCEL: 'STATUS_CANCEL',
  FULL_SMS: 'FULL_SMS',
  WRONG_DATE: 'WRONG_DATE',
  WRONG_EXCEPTION_PHONE: 'WRONG_EXCEPTION_PHONE',
  OPERATORS_NOT_FOUND: 'OPERATORS_NOT_FOUND',
  SIM_OFFLINE: 'SIM_OFFLINE',
  RENEW_ACTIVATION_NOT_AVAILABLE: 'RENEW_ACTIVATION_NOT_AVAILABLE',
  NEW_ACTIVATION_IMPOSSIBLE: 'NEW_ACTIVATION_IMPOSSIBLE',
} as const;

export const wrongMaxPrice = (cents: number) => `${W.WRONG_MAX_PRICE}:${dollars(cents)}`;
export const accessNumber = (id: number, phone: string) => `${W.ACCESS_NUMBER}:${id}:${phone}`;
export const accessBalance = (cents: number) => `${W.ACCESS_BALANCE}:${dollars(cents)}`;
export const statusOk = (code: string) => `${W.STATUS_OK}:${code}`;
export const statusWaitRetry = (code: string) => `${W.STATUS_WAIT_RETRY}:${code}`;

/** Two decimals, always (aiosmsactivate matches `\d+\.\d{2}`); exact from integer cents. */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
