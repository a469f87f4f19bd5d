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
import { defaultGroupId } from '../pricing/default-group.js';
import { registerOpen } from '../content/register-switch.js';

const f = resources.users.fields;
const pick = (...names: (keyof typeof f)[]) =>
  Object.fromEntries(names.map((n) => [n, { ...f[n], createOnly: false }])) as Record<string, FieldDef>;
const registerFields = pick('username', 'password', 'email', 'tg');
const profileFields = pick('email', 'tg');
const loginFields: Record<string, FieldDef> = {
  username: { label: '用户名', type: 'text', required: true, max: 64 },
  password: { label: '密码', type: 'password', required: true, max: 128 },
};
const passwordFields: Record<string, FieldDef> = {
  old_password: { label: '原密码', type: 'password', required: true, max: 128 },
  password: { ...f.password, label: '新密码' },
};

/** Register, login, the caller's own info, profile and password. */
export function registerAccountRoutes(app: FastifyInstance, ctx: Ctx): void {
  const tz = ctx.settings.timeZone;
  const perMinute = (request: FastifyRequest, what: string) =>
    rateLimit(ctx, `${what}:${clientIp(request)}`, ctx.settings.authRatePerMinute, 60_000);

  async function startSession(request: FastifyRequest, userId: number) {
    const now = ctx.now();
    const ip = clientIp(request);
    await ctx.db.updateTable('users')
      .set((eb) => ({ login_at: now, login_count: eb('login_count', '+', 1), login_ip: ip }))
      .where('id', '=', userId).execute();
    const token = await createSession(ctx.db, { userId, ip, now, ttlMs: ctx.settings.sessionTtlMs });
    const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    return { token, type: user.type, user: presentUser(user, tz) };
  }

  app.post('/api/user/register', { config: { access: 'public' } }, async (request) => {
    await perMinute(request, 'register');
    if (!(await registerOpen(ctx.db))) throw fail.forbidden('暂不开放注册，请联系管理员');
    const values = validateFields(registerFields, request.body, 'add', { tz });
    const now = ctx.now();
    const taken = await ctx.db.selectFrom('users').select('id').where(foldedName, '=', fold(values.username as string)).executeTakeFirst();
    if (taken) throw fail.conflict('用户名已存在');
    const inserted = await ctx.db.insertInto('users').values({
      username: values.username as string, password_hash: await hashPassword(values.password as string),
      type: 'user', status: 'active', email: values.email as string | null, tg: values.tg as string | null,
      group_id: await defaultGroupId(ctx.db), create_at: now, update_at: now, login_at: null, login_ip: null,
    }).returning('id').executeTakeFirst().catch((error) => {
      if (/unique|duplicate/i.test(String(error?.message))) throw fail.conflict('用户名已存在');
      throw error;
    });
    return ok(await startSession(request, Number(inserted!.id)), '注册成功');
  });

  app.post('/api/user/login', { config: { access: 'public' } }, async (request) => {
    await perMinute(request, 'login');
    const values = validateFields(loginFields, request.body, 'add', { tz });
    // Found however the name is typed (Alice, alice): one account per name regardless of case.
    const user = await ctx.db.selectFrom('users').selectAll().where(foldedName, '=', fold(values.username as string)).executeTakeFirst();
    const attempt = await limitLogins(ctx, values.username as string, user?.login_ip, clientIp(request));
    if (!(await checkPassword(user?.password_hash, values.password as string)) || !user) {
      throw fail.badInput('用户名或密码错误');
    }
    await attempt.succeeded();
    if (user.status !== 'active') throw new AppError(Code.revoked, '账号已被禁用，请联系管理员');
    if (user.type === 'sup') await forgetFirstPassword(ctx.settings.dataDir, user.username);
    return ok(await startSession(request, user.id), '登录成功');
  });

  const info = async (request: FastifyRequest) => ok(await presentSessionUser(ctx.db, sessionOf(request), tz));
  app.post('/api/user/info', { config: { access: 'any' } }, async (request) => {
    rejectUnknown(objectBody(request.body), []);
    return info(request);
  });
  app.get('/api/user/base', { config: { access: 'any' } }, info);

  // Ends the calling session on the server, not only in the browser; a second call finds no session (204).
  app.post('/api/user/logout', { config: { access: 'any' } }, async (request) => {
    rejectUnknown(objectBody(request.body), []);
    await endSession(ctx.db, sessionOf(request).sessionId);
    return ok(null, '已退出登录');
  });

  app.post('/api/user/profile', { config: { access: 'any' } }, async (request) => {
    const values = validateFields(profileFields, request.body, 'edit', { tz });
    const { user } = sessionOf(request);
    await ctx.db.updateTable('users').set({ ...values, update_at: ctx.now() }).where('id', '=', user.id).execute();
    return ok(null, '保存成功');
  });

  app.post('/api/user/password', { config: { access: 'any' } }, async (request) => {
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
      await trx.updateTable('users').set({ password_hash, update_at: now })
        .where('id', '=', session.user.id).execute();
      await revokeUserSessions(trx, session.user.id, now, session.sessionId);
    });
    return ok(null, '密码已修改，其他设备上的登录已退出');
  });
}
