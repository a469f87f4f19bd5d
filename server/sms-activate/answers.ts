import type { FastifyReply } from 'fastify';

export { accessBalance, accessNumber, dollars, statusOk, statusWaitRetry, W, wrongMaxPrice } from './words.js';

/** ISO 4217 for the dollar, the currency of our balances and prices, where an answer names it. */
export const USD = 840;

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
