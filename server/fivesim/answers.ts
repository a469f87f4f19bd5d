import type { FastifyReply } from 'fastify';

/**
 * 5sim's error texts, word for word: clients compare the whole body (docs/fivesim.md#errors).
 * `EARLY_CANCEL` is ours (5sim has no early-cancel window); the rest are 5sim's.
 */
export const E = {
  NO_FREE_PHONES: 'no free phones',
  NO_BALANCE: 'not enough user balance',
  NO_PRODUCT: 'no product',
  BAD_COUNTRY: 'bad country',
  BAD_OPERATOR: 'bad operator',
  ORDER_NOT_FOUND: 'order not found',
  ORDER_EXPIRED: 'order expired',
  ORDER_HAS_SMS: 'order has sms',
  ORDER_NO_SMS: 'order no sms',
  REUSE_NOT_POSSIBLE: 'reuse not possible',
  SERVER_OFFLINE: 'server offline',
  EARLY_CANCEL: 'early cancel denied',
} as const;

export type ErrorText = (typeof E)[keyof typeof E];

/** A refusal: the text and its HTTP status (404 for an order that is not the caller's, else 400). */
export class Refusal {
  constructor(
    readonly text: ErrorText,
    readonly status = 400,
  ) {}
}

export const refuse = (text: ErrorText) => new Refusal(text, text === E.ORDER_NOT_FOUND ? 404 : 400);

export type Answer = Refusal | object;

/**
 * JSON with `application/json` exactly: a Python client takes a success only with that header, no
 * charset; errors as plain text. Never cached: every answer is the account as it is now.
 */
export function send(reply: FastifyReply, answer: Answer) {
  reply.header('Cache-Control', 'no-store');
  if (answer instanceof Refusal) return sendText(reply, answer.status, answer.text);
  return reply
    .code(200)
    .header('Content-Type', 'application/json')
    .send(Buffer.from(JSON.stringify(answer)));
}

// Sent as bytes: Fastify adds `; charset=utf-8` to the type of a string it sends.
export const sendText = (reply: FastifyReply, status: number, text: string) =>
  reply.code(status).header('Content-Type', 'text/plain').send(Buffer.from(text));

/** Dollars from integer cents, as a JSON number (5sim sends prices and balances as numbers). */
export const dollars = (cents: number) => Math.round(cents) / 100;

/** A time as 5sim writes it: ISO 8601 in UTC. */
export const isoTime = (ms: number) => new Date(ms).toISOString();
