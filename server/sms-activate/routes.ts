import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { HANDLER_PATH, resolveApiKey, touchApiKey } from '../accounts/index.js';
import { Buckets } from '../platform/http/token-buckets.js';
import { logDiskFull } from '../platform/http/errors.js';
import { isDiskFull } from '../platform/db/disk-full.js';
import { send, W, type Answer } from './answers.js';
import { getCountries, getOperators, getServicesList, getTopCountriesByService } from './directory.js';
import { checkExtraActivation, getExtraActivation } from './extra.js';
import { getHistory } from './history.js';
import { getActiveActivations, getBalance, getNumbersStatus, getPrices } from './lists.js';
import { getNumber } from './numbers.js';
import { paramsOf, parseForm, type Call } from './params.js';
import { setStatus } from './set-status.js';
import { getFullSms, getStatusV2 } from './sms.js';
import { rentActions } from './rent-actions.js';
import { getStatus } from './status.js';

/** Parameters fit in a few hundred bytes; nothing a client sends comes near this. */
const BODY_LIMIT = 16 * 1024;
/** Calls with an unknown key, per client address and minute: a script with a typo is never limited, a key-guessing flood is. */
const BAD_KEYS_PER_MINUTE = 600;

const ACTIONS: Record<string, (c: Call) => Promise<Answer>> = {
  getBalance,
  getNumber: (c) => getNumber(c, false),
  getNumberV2: (c) => getNumber(c, true),
  getStatus,
  setStatus,
  getActiveActivations,
  getPrices,
  getNumbersStatus,
  getBalanceAndCashBack: getBalance,
  getStatusV2,
  getFullSms,
  getHistory,
  getCountries,
  getServicesList,
  getOperators,
  getTopCountriesByService,
  checkExtraActivation,
  getExtraActivation,
  ...rentActions,
};

/**
 * `GET|POST /stubs/handler_api.php`: SMS-Activate's protocol over our store, for the scripts
 * customers already have (docs/sms-activate.md#transport). Outside /api: the customer's API key is
 * its authentication. Every answer is HTTP 200 with a protocol word or JSON, errors included (rate
 * limits and failures too: ERROR_SQL, which clients treat as "try again"), never HTML or our envelope.
 * Its own plugin scope: its body parsers and error handler concern this route alone.
 */
export function registerActivationRoutes(app: FastifyInstance, ctx: Ctx): void {
  const rate = ctx.settings.handlerRatePerKey;
  const perKey = new Buckets(rate, Math.max(10, Math.ceil(rate / 6)));
  const badKeys = new Buckets(BAD_KEYS_PER_MINUTE, BAD_KEYS_PER_MINUTE / 6);

  const limited = (reply: FastifyReply, seconds: number) => send(reply.header('Retry-After', String(seconds)), W.ERROR_SQL);

  void app.register(async (scope) => {
    // Clients send a form body (npm sms-activate: an empty one with the form type) or none; any
    // other body is read as text and looked at only if it is a JSON object.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) =>
      done(null, parseForm(body as string)),
    );
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

    scope.setErrorHandler((error: { statusCode?: number }, request, reply) => {
      // A body we refuse to read (too large, cut off): the call cannot be understood.
      if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return send(reply, W.BAD_ACTION);
      // The protocol's "try again" either way; the log says which.
      if (isDiskFull(error)) logDiskFull(request, error);
      else request.log.error({ err: error }, 'handler_api.php failed');
      return send(reply, W.ERROR_SQL);
    });

    scope.route({
      // No HEAD twin: a HEAD request must not buy a number.
      method: ['GET', 'POST'],
      url: HANDLER_PATH,
      bodyLimit: BODY_LIMIT,
      config: { access: 'public' },
      exposeHeadRoute: false,
      async handler(request, reply) {
        const p = paramsOf(request);
        const now = ctx.now();
        const owner = p.api_key ? await resolveApiKey(ctx.database, p.api_key, now) : null;
        if (!owner) {
          const wait = badKeys.take(request.ip, now);
          return wait ? limited(reply, wait) : send(reply, W.BAD_KEY);
        }
        const wait = perKey.take(String(owner.keyId), now);
        if (wait) return limited(reply, wait);
        await touchApiKey(ctx, owner);
        const action = Object.hasOwn(ACTIONS, p.action ?? '') ? ACTIONS[p.action] : null;
        if (!action) return send(reply, W.BAD_ACTION);
        return send(reply, await action({ ctx, userId: owner.userId, p }));
      },
    });
  });
}
