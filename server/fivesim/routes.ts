import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { Buckets } from '../platform/http/token-buckets.js';
import { resolveApiKey, touchApiKey } from '../accounts/index.js';
import { E, send, sendText, type Answer } from './answers.js';
import { ban, cancel, check, finish } from './actions.js';
import { buyActivation, reuseNumber } from './buy.js';
import type { GuestCall, UserCall } from './call.js';
import { defaultPricing, resellerPricing } from '../pricing/index.js';
import { siteOf } from '../resellers/index.js';
import { countries, prices, products } from './guest.js';
import { inbox, orders } from './lists.js';
import { profile } from './profile.js';

/** Calls with an unknown key, per client address and minute: a typo is never limited, a key-guessing flood is. */
const BAD_KEYS_PER_MINUTE = 600;
/** Guest calls (lists of the whole catalog), per client address and minute. */
const GUEST_PER_MINUTE = 600;

type Params = Record<string, string>;
type Query = Record<string, string | undefined>;
type UserRoute = (c: UserCall, p: Params, q: Query) => Promise<Answer>;

/** The customer's calls (docs/fivesim.md), each with the key's owner. */
const USER: Record<string, UserRoute> = {
  '/v1/user/profile': (c) => profile(c),
  '/v1/user/buy/activation/:country/:operator/:product': (c, p, q) => buyActivation(c, p.country, p.operator, p.product, q.maxPrice),
  '/v1/user/check/:id': (c, p) => check(c, p.id),
  '/v1/user/finish/:id': (c, p) => finish(c, p.id),
  '/v1/user/cancel/:id': (c, p) => cancel(c, p.id),
  '/v1/user/ban/:id': (c, p) => ban(c, p.id),
  '/v1/user/sms/inbox/:id': (c, p) => inbox(c, p.id),
  '/v1/user/orders': (c, _p, q) => orders(c, q),
  '/v1/user/reuse/:product/:number': (c, p) => reuseNumber(c, p.product, p.number),
};

/** Calls anyone may make, without a key: at the prices of a new customer of the site they came to. */
const GUEST: Record<string, (c: GuestCall, p: Params, q: Query) => Promise<Answer>> = {
  '/v1/guest/countries': (c) => countries(c),
  '/v1/guest/products/:country/:operator': (c, p) => products(c, p.country, p.operator),
  '/v1/guest/prices': (c, _p, q) => prices(c, q),
};

/** The last value of each query parameter, as text. */
function queryOf(request: FastifyRequest): Query {
  const out: Query = Object.create(null);
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const last = Array.isArray(value) ? value[value.length - 1] : value;
    if (typeof last === 'string') out[name] = last;
  }
  return out;
}

/** The key of `Authorization: Bearer <key>`, or null. */
function bearer(request: FastifyRequest): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return m ? m[1] : null;
}

/**
 * The 5sim API v1 (docs/fivesim.md) over our store, for the scripts customers wrote against 5sim:
 * `/v1/user/*` with `Authorization: Bearer <the customer's API key>` (the key handler_api.php
 * takes), `/v1/guest/*` open. GET only; no HEAD twin (a HEAD must not buy). JSON answers as 5sim
 * sends them, errors as its plain-text words; an unknown key 401, a flood 429 with Retry-After.
 * Its own plugin scope: its error handler concerns these routes alone.
 */
export function registerFivesimRoutes(app: FastifyInstance, ctx: Ctx): void {
  const rate = ctx.settings.handlerRatePerKey;
  const perKey = new Buckets(rate, Math.max(10, Math.ceil(rate / 6)));
  const badKeys = new Buckets(BAD_KEYS_PER_MINUTE, BAD_KEYS_PER_MINUTE / 6);
  const guests = new Buckets(GUEST_PER_MINUTE, GUEST_PER_MINUTE / 6);
  const limited = (reply: FastifyReply, seconds: number) => sendText(reply.header('Retry-After', String(seconds)), 429, '');

  void app.register(async (scope) => {
    scope.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return sendText(reply, error.statusCode, '');
      request.log.error({ err: error }, '5sim API failed');
      return sendText(reply, 503, E.SERVER_OFFLINE);
    });

    for (const [url, run] of Object.entries(USER)) {
      scope.route({
        method: 'GET',
        url,
        exposeHeadRoute: false,
        config: { access: 'public' },
        async handler(request, reply) {
          const now = ctx.now();
          const key = bearer(request);
          const owner = key ? await resolveApiKey(ctx.database, key, now) : null;
          if (!owner) {
            const wait = badKeys.take(request.ip, now);
            return wait ? limited(reply, wait) : sendText(reply, 401, '');
          }
          const wait = perKey.take(String(owner.keyId), now);
          if (wait) return limited(reply, wait);
          await touchApiKey(ctx, owner);
          return send(reply, await run({ ctx, userId: owner.userId }, request.params as Params, queryOf(request)));
        },
      });
    }
    for (const [url, run] of Object.entries(GUEST)) {
      scope.route({
        method: 'GET',
        url,
        exposeHeadRoute: false,
        config: { access: 'public' },
        async handler(request, reply) {
          const wait = guests.take(request.ip, ctx.now());
          if (wait) return limited(reply, wait);
          // A reseller's host: its new customer's prices (its own resold), never the main site's.
          const site = await siteOf(ctx, request);
          const pricing = (site && (await resellerPricing(ctx.db, site.userId))) || (await defaultPricing(ctx.db));
          return send(reply, await run({ ctx, pricing }, request.params as Params, queryOf(request)));
        },
      });
    }
  });
}
