import type { FastifyReply } from 'fastify';

/**
 * The words of SMS-Activate's handler_api.php as clients match them (shared/PROTOCOLS.md section 1):
 * exact strings, so they live here once. `ERROR_SQL` is the word every popular client already treats
 * as "the service failed, try again" (the official Java client on any action, the official Python
 * client, aiosmsactivate, sms-activate-org): we answer it for rate limits and internal errors.
 */
export const W = {
  BAD_KEY: 'BAD_KEY',
  BAD_ACTION: 'BAD_ACTION',
  BAD_SERVICE: 'BAD_SERVICE',
  BAD_STATUS: 'BAD_STATUS',
  NO_ACTIVATION: 'NO_ACTIVATION',
  NO_ACTIVATIONS: 'NO_ACTIVATIONS',
  NO_NUMBERS: 'NO_NUMBERS',
  NO_BALANCE: 'NO_BALANCE',
  ORDER_ALREADY_EXISTS: 'ORDER_ALREADY_EXISTS',
  EARLY_CANCEL_DENIED: 'EARLY_CANCEL_DENIED',
  ERROR_SQL: 'ERROR_SQL',
  ACCESS_READY: 'ACCESS_READY',
  ACCESS_RETRY_GET: 'ACCESS_RETRY_GET',
  ACCESS_ACTIVATION: 'ACCESS_ACTIVATION',
  ACCESS_CANCEL: 'ACCESS_CANCEL',
  STATUS_WAIT_CODE: 'STATUS_WAIT_CODE',
  STATUS_CANCEL: 'STATUS_CANCEL',
} as const;

export const wrongMaxPrice = (cents: number) => `WRONG_MAX_PRICE:${dollars(cents)}`;
export const accessNumber = (id: number, phone: string) => `ACCESS_NUMBER:${id}:${phone}`;
export const accessBalance = (cents: number) => `ACCESS_BALANCE:${dollars(cents)}`;
export const statusOk = (code: string) => `STATUS_OK:${code}`;
export const statusWaitRetry = (code: string) => `STATUS_WAIT_RETRY:${code}`;

/** Two decimals, always (aiosmsactivate matches `\d+\.\d{2}`); exact from integer cents. */
export function dollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A JSON answer (getNumberV2, getPrices ...), already serialized. */
export class Json {
  constructor(readonly body: string) {}
}

export type Answer = string | Json;

const TEXT = 'text/plain; charset=utf-8';
// JSON answers say so: aiohttp's `response.json()` refuses any other type, while every client that
// reads the text first (requests, axios, the official clients) parses it whatever the type says.
const JSON_TYPE = 'application/json; charset=utf-8';

/** Always HTTP 200 (clients read errors from the body, and some crash on other statuses), no trailing newline. */
export function send(reply: FastifyReply, answer: Answer) {
  reply.code(200).header('Cache-Control', 'no-store');
  if (answer instanceof Json) return reply.type(JSON_TYPE).send(answer.body);
  return reply.type(TEXT).send(answer);
}
