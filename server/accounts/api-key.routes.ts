import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { sessionOf } from '../platform/http/auth.js';
import { fail, ok } from '../platform/http/envelope.js';
import { objectBody, rejectUnknown } from '../platform/http/validate.js';
import { formatTime } from '../platform/lib/time.js';
import { idOf } from '../platform/http/ids.js';
import { publicBase } from '../platform/http/public-url.js';
import { audit, auditCtxOf } from '../audit/index.js';
import { apiKeyOf, issueApiKey, maskedKey, revokeApiKey } from './api-keys.js';

export const HANDLER_PATH = '/stubs/handler_api.php';

/**
 * The customer's API key on user/info (its state, and making or replacing it: the key is answered
 * once), and the sup's revocation of a customer's key from the user list.
 */
export function registerApiKeyRoutes(app: FastifyInstance, ctx: Ctx): void {
  const tz = ctx.settings.timeZone;
  const baseUrl = (request: FastifyRequest) => publicBase(ctx, request) + HANDLER_PATH;

  app.get('/api/apikey/info', { config: { access: 'customer' } }, async (request) => {
    const key = await apiKeyOf(ctx.db, sessionOf(request).user.id);
    return ok({
      has_key: Boolean(key && key.revoked_at === null),
      key: key ? maskedKey(key.hint) : null,
      create_at: formatTime(key ? Number(key.create_at) : null, tz),
      last_used_at: formatTime(key?.last_used_at == null ? null : Number(key.last_used_at), tz),
      revoked_at: formatTime(key?.revoked_at == null ? null : Number(key.revoked_at), tz),
      base_url: baseUrl(request),
    });
  });

  app.post('/api/apikey/create', { config: { access: 'customer' } }, async (request) => {
    rejectUnknown(objectBody(request.body), []);
    const session = sessionOf(request);
    // The key is the customer's secret: a sup who switched into the account does not get to see one.
    if (session.managerId !== null) throw fail.forbidden('管理员切换进入的账号不能生成接口密钥，请由用户本人生成');
    const who = auditCtxOf(request, ctx);
    const made = await issueApiKey(ctx.db, session.user.id, ctx.now(), (trx, hint) =>
      audit(trx, who, {
        action: 'key.shown',
        category: 'keys',
        targetType: 'apikey',
        targetId: session.user.id,
        summary: `生成接口密钥（…${hint}），已向本人显示一次`,
      }),
    );
    return ok(
      {
        key: made.key,
        masked: maskedKey(made.hint),
        create_at: formatTime(made.createAt, tz),
        base_url: baseUrl(request),
      },
      made.replaced ? '接口密钥已更换，旧密钥已失效' : '接口密钥已生成',
    );
  });

  app.post('/api/apikey/revoke', { config: { access: 'sup:care' } }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['user_id']);
    const userId = idOf(body.user_id);
    const user = await ctx.db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
    if (!user) throw fail.notFound('用户不存在');
    const who = auditCtxOf(request, ctx);
    const revoked = await ctx.db.transaction().execute(async (trx) => {
      const done = await revokeApiKey(trx, userId, sessionOf(request).user.id, ctx.now());
      if (done)
        await audit(trx, who, {
          action: 'key.revoked',
          category: 'keys',
          targetType: 'apikey',
          targetId: userId,
          summary: `撤销用户 #${userId} 的接口密钥`,
        });
      return done;
    });
    if (!revoked) throw fail.conflict('该用户没有可用的接口密钥');
    return ok(null, '接口密钥已撤销');
  });
}
