import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldDef } from '../../resources.config.js';
import type { Ctx } from '../platform/context.js';
import { callerOf, sessionOf } from '../platform/http/auth.js';
import { fail, ok } from '../platform/http/envelope.js';
import { forgetAttempts, limitAttempts } from '../platform/http/rate-limit.js';
import { objectBody, rejectUnknown, validateFields } from '../platform/http/validate.js';
import { formatTime } from '../platform/lib/time.js';
import { mayChangeSecuritySettings, supTotpRequired } from '../content/index.js';
import { ownLogins } from './login-history.js';
import { otpauthUrl } from './totp.js';
import { clearTotp, enableTotp, spendCode, startSetup, totpState } from './totp-store.js';
import { mustSetUpTotp } from './totp-setup-gate.js';
import { revokeUserSessions } from './sessions.js';
import { audit, auditCtxOf } from '../audit/index.js';

const codeFields: Record<string, FieldDef> = { code: { label: '验证码', type: 'text', required: true, max: 32 } };

/** Wrong codes while enabling or turning off: 5 in 15 minutes per account, as wrong old passwords. */
const CODE_ATTEMPTS = 5;
const WINDOW_MS = 15 * 60_000;

/**
 * Who the authenticator app names: the public address's host name, else the one the request came to.
 * Without the port: the label is `issuer:account`, and a second colon would split it wrong.
 */
function issuerOf(ctx: Ctx, request: FastifyRequest): string {
  if (ctx.settings.publicUrl) {
    try {
      return new URL(ctx.settings.publicUrl).hostname;
    } catch {
      /* the request's host below */
    }
  }
  return request.hostname || 'sms';
}

/**
 * Two-step login on the caller's own account (docs/api.md#two-step-login): its state, a new secret to
 * scan, confirming it with a code (answers the recovery codes once), turning it off with a code; and
 * the account's own login history.
 */
export function registerTotpRoutes(app: FastifyInstance, ctx: Ctx): void {
  /** A sup who switched into a customer may not change the customer's second factor. */
  const own = (request: FastifyRequest) => {
    const session = sessionOf(request);
    if (session.managerId !== null) throw fail.forbidden('管理员切换进入时不能更改两步验证，请由用户本人操作');
    return session.user;
  };
  /** A second step turned on or off: the account's other sessions end (one may be a thief's, or predate it). */
  const endOtherSessions = (request: FastifyRequest) => {
    const session = sessionOf(request);
    return revokeUserSessions(ctx.db, session.user.id, ctx.now(), session.sessionId);
  };
  const limitCodes = async (userId: number) => {
    const key = `totp-code:${userId}`;
    await limitAttempts(ctx, key, CODE_ATTEMPTS, WINDOW_MS, (minutes) => `验证码错误次数过多，请 ${minutes} 分钟后再试`);
    return { succeeded: () => forgetAttempts(ctx, key) };
  };

  app.get('/api/user/totp/info', { config: { access: 'any', openDuringTotpSetup: true } }, async (request) => {
    const { user } = sessionOf(request);
    const state = await totpState(ctx.db, user.id);
    const sup = user.type === 'sup';
    return ok({
      enabled: state.enabled,
      enabled_at: formatTime(state.enabled_at, ctx.settings.timeZone),
      recovery_left: state.recovery_left,
      setup_required: await mustSetUpTotp(ctx.db, user),
      ...(sup
        ? {
            require_sup_totp: await supTotpRequired(ctx.db),
            may_change_security: mayChangeSecuritySettings(callerOf(request)),
          }
        : {}),
    });
  });

  app.post('/api/user/totp/setup', { config: { access: 'any', openDuringTotpSetup: true } }, async (request) => {
    rejectUnknown(objectBody(request.body), []);
    const user = own(request);
    const secret = await startSetup(ctx, user.id);
    return ok({ secret, otpauth_url: otpauthUrl(issuerOf(ctx, request), user.username, secret) });
  });

  app.post('/api/user/totp/enable', { config: { access: 'any', openDuringTotpSetup: true } }, async (request) => {
    const values = validateFields(codeFields, request.body, 'add', { tz: ctx.settings.timeZone });
    const user = own(request);
    const attempt = await limitCodes(user.id);
    const codes = await enableTotp(ctx, user.id, String(values.code), (trx) =>
      audit(trx, auditCtxOf(request, ctx), {
        action: 'user.totp',
        category: 'users',
        targetType: 'user',
        targetId: user.id,
        summary: '开启两步验证',
      }),
    );
    if (!codes) throw fail.badInput('验证码不正确，请确认手机时间准确后输入最新的验证码', { code: '验证码不正确' });
    await attempt.succeeded();
    await endOtherSessions(request);
    return ok({ recovery_codes: codes }, '两步验证已开启');
  });

  app.post('/api/user/totp/disable', { config: { access: 'any' } }, async (request) => {
    const values = validateFields(codeFields, request.body, 'add', { tz: ctx.settings.timeZone });
    const user = own(request);
    if (!(await totpState(ctx.db, user.id)).enabled) throw fail.conflict('两步验证未开启');
    if (user.type === 'sup' && (await supTotpRequired(ctx.db)))
      throw fail.forbidden('已开启强制管理员两步验证，管理员账号不能关闭两步验证');
    const attempt = await limitCodes(user.id);
    if (!(await spendCode(ctx, user.id, String(values.code)))) {
      throw fail.badInput('验证码错误或已使用', { code: '验证码错误或已使用' });
    }
    await attempt.succeeded();
    await clearTotp(ctx.db, user.id, (trx) =>
      audit(trx, auditCtxOf(request, ctx), {
        action: 'user.totp',
        category: 'users',
        targetType: 'user',
        targetId: user.id,
        summary: '关闭两步验证',
      }),
    );
    await endOtherSessions(request);
    return ok(null, '两步验证已关闭');
  });

  app.get('/api/user/logins', { config: { access: 'any', openDuringTotpSetup: true } }, async (request) => {
    return ok({ list: await ownLogins(ctx, sessionOf(request).user.id) });
  });
}
