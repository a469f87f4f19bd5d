/**
 * SMS-Activate clients as the popular libraries are written (docs/sms-activate.md#how-client-libraries-parse-answers), so the
 * tests send exactly their requests and parse answers exactly as they do:
 * - the official Python client `smsactivate` (api.py): GET, parameters in the query, errors looked
 *   up by the whole answer, `response[14:]` split on ':' with int() of id and phone;
 * - npm `sms-activate` 1.0.1 (axios 0.19): POST, parameters in the query, the form content type
 *   and an empty body (Content-Length: 0);
 * - aiosmsactivate (aiohttp): POST with the query and no body, getNumberV2 by default, its pydantic
 *   model of the answer (int id, str countryCode, bool canGetAnotherSms), setStatus answers looked up
 *   in its enum, `\d+\.\d{2}` balances;
 * - sms-activate-org (axios 1.x): GET, getNumberV2 read as an object with all its fields.
 * The requests go over a raw connection, byte for byte as those clients put them on the wire.
 */
import { expect } from 'vitest';
import { rawConnection, type RawAnswer } from './raw-http.js';

export type ClientName = 'python' | 'npm' | 'aio' | 'org';

export const HANDLER = '/stubs/handler_api.php';

const query = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');

/** The request line and headers each library sends. */
export function requestOf(client: ClientName, host: string, params: Record<string, string | number>): string {
  const target = `${HANDLER}?${query(params)}`;
  switch (client) {
    case 'python':
      return (
        `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nUser-Agent: python-requests/2.31.0\r\nAccept-Encoding: gzip, deflate\r\n` +
        'Accept: */*\r\nConnection: keep-alive\r\n\r\n'
      );
    case 'npm':
      return (
        `POST ${target} HTTP/1.1\r\nAccept: application/json, text/plain, */*\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
        `User-Agent: axios/0.19.2\r\nHost: ${host}\r\nContent-Length: 0\r\nConnection: keep-alive\r\n\r\n`
      );
    case 'aio':
      return (
        `POST ${target} HTTP/1.1\r\nHost: ${host}\r\nAccept: */*\r\nAccept-Encoding: gzip, deflate\r\n` +
        'User-Agent: Python/3.11 aiohttp/3.9.5\r\nContent-Length: 0\r\n\r\n'
      );
    case 'org':
      return (
        `GET ${target} HTTP/1.1\r\nAccept: application/json, text/plain, */*\r\nUser-Agent: axios/1.6.8\r\n` +
        `Accept-Encoding: gzip, compress, deflate, br\r\nHost: ${host}\r\nConnection: keep-alive\r\n\r\n`
      );
  }
}

/** One call as `client` makes it; the answer as it arrives (every answer is HTTP 200 with its length). */
export async function callAs(client: ClientName, baseUrl: string, params: Record<string, string | number>): Promise<RawAnswer> {
  const conn = await rawConnection(baseUrl);
  try {
    await conn.write(requestOf(client, new URL(baseUrl).host, params));
    const answer = await conn.answer();
    expect(answer.status, `${client} ${params.action}`).toBe(200);
    return answer;
  } finally {
    conn.destroy();
  }
}

/** The official Python client's error table (api.py `__ERRORS`), matched against the whole answer. */
const PYTHON_ERRORS = new Set([
  'NO_NUMBERS',
  'NO_BALANCE',
  'BAD_ACTION',
  'BAD_SERVICE',
  'BAD_KEY',
  'ERROR_SQL',
  'SQL_ERROR',
  'NO_ACTIVATION',
  'BAD_STATUS',
  'STATUS_CANCEL',
  'BANNED',
  'NO_CONNECTION',
  'ACCOUNT_INACTIVE',
  'NO_ID_RENT',
]);
/** aiosmsactivate's SetActivationStatusResponse enum: any other answer is a KeyError there. */
const AIO_SET_STATUS = new Set(['ACCESS_READY', 'ACCESS_RETRY_GET', 'ACCESS_ACTIVATION', 'ACCESS_CANCEL']);

export interface Activation {
  id: number;
  phone: string;
}

/** What each library makes of the answers, as its code does it. */
export const parse = {
  balance(client: ClientName, body: string): number {
    if (client === 'python') {
      expect(PYTHON_ERRORS.has(body), body).toBe(false);
      return Number(body.slice(15));
    }
    if (client === 'aio') expect(body).toMatch(/^ACCESS_BALANCE:\d+\.\d{2}$/);
    const [word, value] = body.split(':');
    expect(word).toBe('ACCESS_BALANCE');
    return Number.parseFloat(value);
  },

  number(client: ClientName, body: string): Activation & { cost?: number } {
    if (client === 'python') {
      expect(PYTHON_ERRORS.has(body), body).toBe(false);
      const [id, phone] = body.slice(14).split(':');
      return { id: pyInt(id), phone: String(pyInt(phone)) };
    }
    if (client === 'aio' || client === 'org') return v2(client, JSON.parse(body));
    const parts = body.split(':');
    expect(parts[0]).toBe('ACCESS_NUMBER');
    return { id: Number(parts[1]), phone: parts[2] };
  },

  /** [status word, code]: `res.split(':')` and the first two pieces (aiosmsactivate's match, sms-activate-org's slice). */
  status(_client: ClientName, body: string): [string, string | null] {
    const parts = body.split(':');
    expect(parts.length).toBeLessThanOrEqual(2);
    return [parts[0], parts[1] ?? null];
  },

  setStatus(client: ClientName, body: string): string {
    if (client === 'aio') expect(AIO_SET_STATUS.has(body), body).toBe(true);
    if (client === 'python') expect(PYTHON_ERRORS.has(body), body).toBe(false);
    return body;
  },
};

/** Python's int() of a string: digits only (a '+' would pass, which is why we never send one; checked apart). */
function pyInt(text: string): number {
  expect(text).toMatch(/^\d+$/);
  return Number(text);
}

/** aiosmsactivate's pydantic `Number` and sms-activate-org's SMSNumber from a getNumberV2 answer. */
function v2(client: ClientName, a: Record<string, unknown>): Activation & { cost: number } {
  for (const field of [
    'activationId',
    'phoneNumber',
    'activationCost',
    'countryCode',
    'canGetAnotherSms',
    'activationTime',
    'activationOperator',
  ]) {
    expect(a, `${client} needs ${field}`).toHaveProperty(field);
  }
  expect(Number.isInteger(a.activationId), 'activationId: int').toBe(true);
  expect(typeof a.phoneNumber).toBe('string');
  // pydantic v2 does not take a number for a str field.
  expect(typeof a.countryCode, 'countryCode: str').toBe('string');
  expect(['1', '0', true, false]).toContain(a.canGetAnotherSms);
  expect(Number.isNaN(new Date(String(a.activationTime)).getTime())).toBe(false);
  const cost = client === 'org' ? Number.parseFloat(String(a.activationCost)) : Number(a.activationCost);
  expect(Number.isFinite(cost)).toBe(true);
  return { id: a.activationId as number, phone: a.phoneNumber as string, cost };
}
