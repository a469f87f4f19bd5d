import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.js';
import { fail, ok } from '../../platform/http/envelope.js';
import { objectBody, rejectUnknown } from '../../platform/http/validate.js';
import { idOf, idsOf } from '../../platform/http/ids.js';
import { checkRows, MAX_CHECK, requestChecks, type CheckRequest } from './check.js';
import { expiringNumbers } from './expiry.js';

/** Typed numbers for a check: as a stock import's lines, 500 of them at most. */
const CHECK_BODY_LIMIT = 256 * 1024;

/**
 * `POST /api/device_number/check`: check codes for numbers (by record ids, a device's numbers, or
 * numbers typed one per line), which the operator texts to each number; `POST
 * /api/device_number/checks { ids }`: where those checks stand (the console asks every few seconds);
 * `GET /api/device_number/expiring`: numbers whose SIM lapses within NUMBER_EXPIRY_WARN_DAYS.
 */
export function registerNumberRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.post('/api/device_number/check', { config: { access: 'sup:intake' }, bodyLimit: CHECK_BODY_LIMIT }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['ids', 'device_id', 'unconfirmed', 'text']);
    const req: CheckRequest = {};
    if (body.text !== undefined && body.text !== null) {
      if (typeof body.text !== 'string') throw fail.badInput('号码必须是文本，每行一个', { text: '号码必须是文本，每行一个' });
      req.text = body.text;
    } else if (body.ids !== undefined) {
      req.ids = idsOf(body.ids, MAX_CHECK);
    } else if (body.device_id !== undefined) {
      req.deviceId = idOf(body.device_id);
    }
    if (body.unconfirmed !== undefined && typeof body.unconfirmed !== 'boolean')
      throw fail.badInput('参数 unconfirmed 只能是 true 或 false', { unconfirmed: '参数 unconfirmed 只能是 true 或 false' });
    req.unconfirmedOnly = body.unconfirmed === true;
    const answer = await requestChecks(ctx, req);
    const missing = answer.missing ? `，${answer.missing} 个号码不在库存中` : '';
    return ok(answer, `已为 ${answer.list.length} 个号码生成核对码${missing}`);
  });

  app.post('/api/device_number/checks', { config: { access: 'sup:intake' } }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['ids']);
    return ok({ list: await checkRows(ctx, idsOf(body.ids, MAX_CHECK)) });
  });

  app.get('/api/device_number/expiring', { config: { access: 'sup:intake' } }, async () => {
    return ok({ days: ctx.settings.numberExpiryWarnDays, ...(await expiringNumbers(ctx)) });
  });
}
