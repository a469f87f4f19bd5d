import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../platform/context.js';

export type Params = Record<string, string>;

/** What a body parser of this route hands over: form fields, or the raw text of anything else. */
export type RawBody = Params | string | undefined;

/**
 * The call's parameters wherever the client put them, as PHP's $_REQUEST reads them: the query
 * string, then a form body over it (a JSON object body is read too); a repeated name takes its last
 * value. The key may also come in an `X-ApiKey` header (DaisySMS), and `max_price` stands for
 * `maxPrice`.
 */
export function paramsOf(request: FastifyRequest): Params {
  const out = blank();
  take(out, request.query);
  const body = request.body as RawBody;
  if (typeof body === 'string') take(out, jsonObject(body));
  else take(out, body);
  if (out.api_key === undefined) {
    const header = request.headers['x-apikey'];
    if (typeof header === 'string') out.api_key = header;
  }
  if (out.maxPrice === undefined && out.max_price !== undefined) out.maxPrice = out.max_price;
  return out;
}

// No prototype: a parameter named __proto__ is just a name.
const blank = (): Params => Object.create(null) as Params;

function take(out: Params, source: unknown): void {
  if (!source || typeof source !== 'object') return;
  for (const [name, value] of Object.entries(source as Record<string, unknown>)) {
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (typeof last === 'string') out[name] = last;
    else if (typeof last === 'number' || typeof last === 'boolean') out[name] = String(last);
  }
}

function jsonObject(text: string): unknown {
  if (!text.trimStart().startsWith('{')) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Form bodies as URLSearchParams decode them (the last of a repeated name wins, like PHP). */
export function parseForm(text: string): Params {
  const out = blank();
  for (const [name, value] of new URLSearchParams(text)) out[name] = value;
  return out;
}

/** An activation id a client can have been given: a positive integer below 2^31. */
export function activationId(raw: string | undefined): number | null {
  if (raw === undefined || !/^\d{1,10}$/.test(raw.trim())) return null;
  const id = Number(raw.trim());
  return id >= 1 && id < 2 ** 31 ? id : null;
}

/** A `country` parameter: `absent` when not given, else its number; null when it names no country (not 1-4 digits). */
export function countryParam<A>(raw: string | undefined, absent: A): number | A | null {
  if (raw === undefined || raw.trim() === '') return absent;
  return /^\d{1,4}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/** A non-negative whole-number parameter (a page, a size, hours): `fallback` when not given, null when malformed. */
export function wholeParam(raw: string | undefined, fallback: number): number | null {
  if (raw === undefined || raw.trim() === '') return fallback;
  return /^\d{1,6}$/.test(raw.trim()) ? Number(raw.trim()) : null;
}

/** One protocol call, after its key was checked: whose it is and what it asked. */
export interface Call {
  ctx: Ctx;
  userId: number;
  p: Params;
}
