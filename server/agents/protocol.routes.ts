import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { isDatabaseUnavailable } from '../platform/db/unavailable.js';
import { clientIp } from '../platform/http/client-ip.js';
import { aggregatorById, keyMatches, stampCall, type Aggregator } from './aggregators.js';
import { countOffers, offeredGoods } from './offer.js';
import { CURRENCIES, handOut, type NumberAsk } from './hand-out.js';
import { FINISH_STATUS, finishActivation, type FinishStatus } from './finish.js';
import { WrongKeyLimits } from './wrong-keys.js';

export const AGENT_PREFIX = '/api/agent/';
/** A request of the protocol is a few hundred bytes; an exception list of prefixes a few KB. */
const BODY_LIMIT = 64 * 1024;
/** The most a gzip body may grow to once unpacked. */
const UNPACKED_LIMIT = 256 * 1024;
/** An answer longer than this is gzipped for an aggregator that accepts it. */
const GZIP_FROM = 512;
const MAX_PREFIXES = 1000;

type Answer = Record<string, unknown>;
const error = (text: string): Answer => ({ status: 'ERROR', error: text });

class BadRequest extends Error {}

/**
 * `POST /api/agent/<aggregator id>`: the SMSHUB agent protocol (docs/agents.md). JSON in UTF-8,
 * gzip accepted both ways; the aggregator's key in every body. A wrong key (or an id that is no
 * aggregator) is refused with nothing else said; so is every call, unread, from an address or for an
 * aggregator over its limit of wrong keys (wrong-keys.ts). Its own plugin scope: its body parser and
 * error handler concern this route alone.
 */
export function registerAgentProtocol(app: FastifyInstance, ctx: Ctx): void {
  const limits = new WrongKeyLimits();
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((err: { statusCode?: number }, request, reply) => {
      if (err.statusCode === 413) return answer(request, reply, 413, error('request too large'));
      if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return answer(request, reply, 400, error('bad request'));
      if (isDatabaseUnavailable(err)) return answer(request, reply, 503, error('temporarily unavailable'));
      request.log.error({ err }, 'agent protocol call failed');
      return answer(request, reply, 500, error('internal error'));
    });
    scope.route({
      method: 'POST',
      url: `${AGENT_PREFIX}:id`,
      bodyLimit: BODY_LIMIT,
      config: { access: 'public' },
      handler: (request, reply) => handle(ctx, limits, request, reply),
    });
  });
}

async function handle(ctx: Ctx, limits: WrongKeyLimits, request: FastifyRequest, reply: FastifyReply) {
  const ip = clientIp(request);
  const id = Number((request.params as { id: string }).id);
  // Over a limit: the wrong key's answer, the body not even unpacked, no aggregator read.
  if (limits.limited(ip, id, ctx.now())) return answer(request, reply, 401, error('wrong key'));
  let body: Record<string, unknown>;
  try {
    body = parseBody(request);
  } catch (err) {
    if (err instanceof BadRequest) return answer(request, reply, 400, error(err.message));
    throw err;
  }
  const aggregator = await aggregatorById(ctx, id);
  if (!aggregator || !keyMatches(aggregator, body.key)) {
    limits.failed(ip, aggregator ? aggregator.id : null, ctx.now());
    return answer(request, reply, 401, error('wrong key'));
  }
  limits.succeeded(ip, aggregator.id, ctx.now());
  try {
    return answer(request, reply, 200, await act(ctx, aggregator, body));
  } catch (err) {
    if (err instanceof BadRequest) return answer(request, reply, 200, error(err.message));
    throw err;
  }
}

async function act(ctx: Ctx, aggregator: Aggregator, body: Record<string, unknown>): Promise<Answer> {
  switch (body.action) {
    case 'GET_SERVICES': {
      await stampCall(ctx, aggregator.id);
      return { status: 'SUCCESS', countryList: aggregator.enabled ? await countryList(ctx) : [] };
    }
    case 'GET_NUMBER': {
      const ask = numberAsk(body);
      if (!aggregator.enabled) return { status: 'NO_NUMBERS' };
      const got = await handOut(ctx, aggregator, ask);
      return got ? { status: 'SUCCESS', number: got.number, activationId: got.activationId } : { status: 'NO_NUMBERS' };
    }
    case 'FINISH_ACTIVATION': {
      const id = numeric(body.activationId, 'activationId');
      const status = numeric(body.status, 'status');
      if (!Object.hasOwn(FINISH_STATUS, status)) throw new BadRequest('unknown status');
      const known = await finishActivation(ctx, aggregator.id, id, status as FinishStatus);
      return known ? { status: 'SUCCESS' } : error('unknown activation');
    }
    default:
      throw new BadRequest('unknown action');
  }
}

/** GET_SERVICES' list: per country, per operator, per service, how many numbers can be handed out now. */
async function countryList(ctx: Ctx) {
  const counts = await countOffers(ctx, await offeredGoods(ctx));
  const countries = new Map<string, Record<string, Record<string, number>>>();
  for (const { name, count } of counts) {
    let operators = countries.get(name.country);
    if (!operators) countries.set(name.country, (operators = {}));
    (operators[name.operator] ??= {})[name.service] = count;
  }
  return [...countries].map(([country, operatorMap]) => ({ country, operatorMap }));
}

function numberAsk(body: Record<string, unknown>): NumberAsk {
  const word = (v: unknown, name: string, fallback?: string) => {
    if (v === undefined && fallback !== undefined) return fallback;
    if (typeof v !== 'string' || !/^[A-Za-z0-9_.-]{1,64}$/.test(v)) throw new BadRequest(`bad ${name}`);
    return v.toLowerCase();
  };
  const sum = Number(body.sum);
  if ((typeof body.sum !== 'number' && typeof body.sum !== 'string') || !Number.isFinite(sum) || sum < 0 || sum > 1e9)
    throw new BadRequest('bad sum');
  const currency = numeric(body.currency ?? 643, 'currency');
  if (!Object.hasOwn(CURRENCIES, currency)) throw new BadRequest('unsupported currency');
  const set = body.exceptionPhoneSet ?? [];
  if (!Array.isArray(set) || set.length > MAX_PREFIXES) throw new BadRequest('bad exceptionPhoneSet');
  const prefixes = set.map((p) => {
    const text = typeof p === 'number' && Number.isSafeInteger(p) ? String(p) : p;
    if (typeof text !== 'string' || !/^\+?\d{1,15}$/.test(text)) throw new BadRequest('bad exceptionPhoneSet');
    return text.replace(/^\+/, '');
  });
  return {
    country: word(body.country, 'country'),
    operator: word(body.operator, 'operator', 'any'),
    service: word(body.service, 'service'),
    sum: Math.round(sum * 100),
    currency: currency as NumberAsk['currency'],
    prefixes,
  };
}

/** A whole number given as a JSON number (or its digits as text, which some aggregators send). */
function numeric(v: unknown, name: string): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,15}$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < 0) throw new BadRequest(`bad ${name}`);
  return n;
}

/** The body as JSON: gzip unpacked first (said by Content-Encoding, or by gzip's first bytes). */
function parseBody(request: FastifyRequest): Record<string, unknown> {
  let raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
  const encoding = String(request.headers['content-encoding'] ?? '').toLowerCase();
  if (encoding.includes('gzip') || (raw[0] === 0x1f && raw[1] === 0x8b)) {
    try {
      raw = zlib.gunzipSync(raw, { maxOutputLength: UNPACKED_LIMIT });
    } catch {
      throw new BadRequest('bad gzip body');
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new BadRequest('body is not JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BadRequest('body is not a JSON object');
  return parsed as Record<string, unknown>;
}

/** The answer as JSON, gzipped when it is long and the aggregator accepts gzip. */
function answer(request: FastifyRequest, reply: FastifyReply, status: number, data: Answer) {
  const text = JSON.stringify(data);
  reply.status(status).type('application/json; charset=utf-8');
  if (text.length >= GZIP_FROM && /\bgzip\b/i.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').header('vary', 'accept-encoding').send(zlib.gzipSync(text));
  }
  return reply.send(text);
}
