import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { ok } from '../platform/http/envelope.js';
import { objectBody, rejectUnknown } from '../platform/http/validate.js';
import { toDollars } from '../platform/lib/money.js';
import { formatTime } from '../platform/lib/time.js';
import { idOf } from '../platform/http/ids.js';
import { refreshBalance } from './providers.js';

/** `POST /api/provider/balance` (sup) `{ id }`: asks the provider its balance now (getBalance). */
export function registerProviderRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.post('/api/provider/balance', { config: { access: 'sup:catalog' } }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['id']);
    const r = await refreshBalance(ctx, idOf(body.id));
    return ok(
      { balance: toDollars(r.balance), checked_at: formatTime(r.checkedAt, ctx.settings.timeZone) },
      `上游余额：${toDollars(r.balance).toFixed(2)}`,
    );
  });
}
