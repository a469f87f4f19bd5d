import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resources, type FieldDef } from '../../resources.config.js';
import type { Ctx } from '../platform/context.js';
import { sessionOf } from '../platform/http/auth.js';
import { clientIp } from '../platform/http/client-ip.js';
import { AppError, Code, fail, ok } from '../platform/http/envelope.js';
import { rateLimit } from '../platform/http/rate-limit.js';
import { objectBody, rejectUnknown, validateFields } from '../platform/http/validate.js';
import { createSession, endSession, revokeUserSessions } from './sessions.js';
import { limitLogins, limitOldPasswords } from './guessing.js';
import { fold, foldedName } from './names.js';
import { checkPassword, hashPassword } from './password.js';
import { forgetFirstPassword } from './first-sup.js';
import { presentSessionUser, presentUser } from './present.js';
import { defaultGroupId } from '../pricing/index.js';
import { registerOpen } from '../content/index.js';
import { siteOf } from '../resellers/index.js';
import { recordLogin, type LoginFailure } from './login-history.js';
import { checkSecondStep } from './totp-login.js';
import { audit, auditCtxOf, auditLogin } from '../audit/index.js';
import { registerTotpRoutes } from './totp.routes.js';
import { installTotpSetupGate, mustSetUpTotp, SETUP_REQUIRED } from './totp-setup-gate.js';

const f = resources.users.fields;
const pick = (...names: (keyof typeof f)[]) =>
  Object.fromEntries(names.map((n) => [n, { ...f[n], createOnly: false }])) as Record<string, FieldDef>;
const registerFields = pick('username', 'password', 'email', 'tg');
const profileFields = pick('email', 'tg');
const loginFields: Record<string, FieldDef> = {
  username: { label: '用户名', type: 'text', required: true, max: 64 },
  password: { label: '密码', type: 'password', required: true, max: 128 },
  // The second step (two-step login on): a current TOTP code or an unused recovery code.
  totp: { label: '两步验证码', type: 'text', max: 32 },
};
const passwordFields: Record<string, FieldDef> = {
  old_password: { label: '原密码', type: 'password', required: true, max: 128 },
  password: { ...f.password, label: '新密码' },
};

/** Register, login, the caller's own info, profile and password. */
export function registerAccountRoutes(app: FastifyInstance, ctx: Ctx): void {
  registerTotpRoutes(app, ctx);
  installTotpSetupGate(app, ctx);
  const tz = ctx.settings.timeZone;
  const perMinute = (request: FastifyRequest, what: string) =>
    rateLimit(ctx, `${what}:${clientIp(request)}`, ctx.settings.authRatePerMinute, 60_000);

  async function startSession(request: FastifyRequest, userId: number) {
    const now = ctx.now();
    const ip = clientIp(request);
    await ctx.db
      .updateTable('users')
      .set((eb) => ({ login_at: now, login_count: eb('login_count', '+', 1), login_ip: ip }))
      .where('id', '=', userId)
      .execute();
    const token = await createSession(ctx.db, { userId, ip, now, ttlMs: ctx.settings.sessionTtlMs });
    const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    const reseller = await ctx.db.selectFrom('resellers').select('id').where('user_id', '=', userId).executeTakeFirst();
    return { token, type: user.type, user: { ...presentUser(user, tz), ...(reseller ? { reseller: true } : {}) } };
  }

  app.post('/api/user/register', { config: { access: 'public' } }, async (request) => {
    await perMinute(request, 'register');
    if (!(await registerOpen(ctx.db))) throw fail.forbidden('暂不开放注册，请联系管理员');
    const values = validateFields(registerFields, request.body, 'add', { tz });
    const now = ctx.now();
    const taken = await ctx.db
      .selectFrom('users')
      .select('id')
      .where(foldedName, '=', fold(values.username as string))
      .executeTakeFirst();
    if (taken) throw fail.conflict('用户名已存在');
    const inserted = await ctx.db
      .insertInto('users')
      .values({
        username: values.username as string,
        password_hash: await hashPassword(values.password as string),
        type: 'user',
        status: 'active',
        email: values.email as string | null,
        tg: values.tg as string | null,
        group_id: await defaultGroupId(ctx.db),
        // Registered on a reseller's host: the reseller's customer, at its prices, from now on.
        reseller_id: (await siteOf(ctx, request))?.userId ?? null,
        create_at: now,
        update_at: now,
        login_at: null,
        login_ip: null,
      })
      .returning('id')
      .executeTakeFirst()
      .catch((error) => {
        if (/unique|duplicate/i.test(String(error?.message))) throw fail.conflict('用户名已存在');
        throw error;
      });
    return ok(await startSession(request, Number(inserted!.id)), '注册成功');
  });

  app.post('/api/user/login', { config: { access: 'public' } }, async (request) => {
    await perMinute(request, 'login');
    const values = validateFields(loginFields, request.body, 'add', { tz });
    // Found however the name is typed (Alice, alice): one account per name regardless of case.
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where(foldedName, '=', fold(values.username as string))
      .executeTakeFirst();
    const ip = clientIp(request);
    const attempt = await limitLogins(ctx, values.username as string, user?.login_ip, ip);
    const failed = (failure: LoginFailure) =>
      user ? recordLogin(ctx, { userId: user.id, ip, failure }).then(() => auditLogin(request, ctx, user, failure)) : undefined;
    if (!(await checkPassword(user?.password_hash, values.password as string)) || !user) {
      await failed('password');
      throw fail.badInput('用户名或密码错误');
    }
    await secondStep(user.id, values.totp as string | null, failed);
    await attempt.succeeded();
    if (user.status !== 'active') {
      await failed('disabled');
      throw new AppError(Code.revoked, '账号已被禁用，请联系管理员');
    }
    if (user.type === 'sup') await forgetFirstPassword(ctx.settings.dataDir, user.username);
    await recordLogin(ctx, { userId: user.id, ip });
    await auditLogin(request, ctx, user);
    const session = await startSession(request, user.id);
    return ok({ ...session, ...((await mustSetUpTotp(ctx.db, user)) ? SETUP_REQUIRED : {}) }, '登录成功');
  });

  /**
   * Two-step login: with TOTP on, the password alone is answered `data.totp_required`; a wrong code
   * is a failed attempt (recorded; the guessing counter already counted it, and only a whole success
   * forgets it).
   */
  async function secondStep(userId: number, totp: string | null, failed: (f: LoginFailure) => unknown) {
    try {
      await checkSecondStep(ctx, userId, totp);
    } catch (error) {
      if (totp) await failed('totp');
      throw error;
    }
  }

  const info = async (request: FastifyRequest) => ok(await presentSessionUser(ctx.db, sessionOf(request), tz));
  app.post('/api/user/info', { config: { access: 'any', openDuringTotpSetup: true } }, async (request) => {
    rejectUnknown(objectBody(request.body), []);
    return info(request);
  });
  app.get('/api/user/base', { config: { access: 'any', openDuringTotpSetup: true } }, info);

  // Ends the calling session on the server, not only in the browser; a second call finds no session (204).
  app.post('/api/user/logout', { config: { access: 'any', openDuringTotpSetup: true } }, async (request) => {
    rejectUnknown(objectBody(request.body), []);
    await endSession(ctx.db, sessionOf(request).sessionId);
    return ok(null, '已退出登录');
  });

  app.post('/api/user/profile', { config: { access: 'any' } }, async (request) => {
    const values = validateFields(profileFields, request.body, 'edit', { tz });
    const { user } = sessionOf(request);
    const who = auditCtxOf(request, ctx);
    await ctx.db.transaction().execute(async (trx) => {
      const existing: Record<string, unknown> = await trx
        .selectFrom('users')
        .select(['email', 'tg'])
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('users')
        .set({ ...values, update_at: ctx.now() })
        .where('id', '=', user.id)
        .execute();
      const keys = Object.keys(values).filter((k) => (existing[k] ?? null) !== (values[k] ?? null));
      if (!keys.length) return;
      await audit(trx, who, {
        action: 'user.profile',
        category: 'users',
        targetType: 'user',
        targetId: user.id,
        summary: `修改个人资料：${keys.join('、')}`,
        before: Object.fromEntries(keys.map((k) => [k, existing[k] ?? null])),
        after: Object.fromEntries(keys.map((k) => [k, values[k] ?? null])),
      });
    });
    return ok(null, '保存成功');
  });

  app.post('/api/user/password', { config: { access: 'any', openDuringTotpSetup: true } }, async (request) => {
    const values = validateFields(passwordFields, request.body, 'add', { tz });
    const session = sessionOf(request);
    const attempt = await limitOldPasswords(ctx, session.user.id);
    const row = await ctx.db.selectFrom('users').select('password_hash').where('id', '=', session.user.id).executeTakeFirstOrThrow();
    if (!(await checkPassword(row.password_hash, values.old_password as string))) {
      throw fail.badInput('原密码不正确', { old_password: '原密码不正确' });
    }
    await attempt.succeeded();
    const now = ctx.now();
    const password_hash = await hashPassword(values.password as string);
    await ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash, update_at: now }).where('id', '=', session.user.id).execute();
      await revokeUserSessions(trx, session.user.id, now, session.sessionId);
      await audit(trx, auditCtxOf(request, ctx), {
        action: 'user.password',
        category: 'users',
        targetType: 'user',
        targetId: session.user.id,
        summary: '修改自己的密码',
      });
    });
    return ok(null, '密码已修改，其他设备上的登录已退出');
  });
}
