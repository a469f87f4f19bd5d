import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FieldDef } from '../../resources.config.js';
import type { Ctx } from '../platform/context.js';
import { sessionOf } from '../platform/http/auth.js';
import { clientIp } from '../platform/http/client-ip.js';
import { fail, ok } from '../platform/http/envelope.js';
import { objectBody, rejectUnknown, validateFields } from '../platform/http/validate.js';
import { toDollars } from '../platform/lib/money.js';
import { manualRecharge } from '../finance/index.js';
import { applyFilters } from '../platform/crud/query.js';
import { idOf } from '../platform/http/ids.js';
import { createSession, revokeSession } from './sessions.js';
import { presentUser } from './present.js';
import { audit, auditCtxOf } from '../audit/index.js';
import { newPassword } from './first-sup.js';
import { hashPassword } from './password.js';
import { revokeUserSessions } from './sessions.js';

const moneyFields: Record<string, FieldDef> = {
  id: { label: '用户', type: 'ref', required: true },
  amount: { label: '金额', type: 'money', required: true, min: -1_000_000, max: 1_000_000 },
  remark: { label: '备注', type: 'text', required: true, max: 255 },
};

/** The sup's tools on users: lookup for select boxes, balance changes, and switching accounts. */
export function registerManageRoutes(app: FastifyInstance, ctx: Ctx): void {
  const tz = ctx.settings.timeZone;

  app.post('/api/user/search', { config: { access: 'staff' } }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['keyword', 'ids']);
    let q = ctx.db.selectFrom('users').select(['id', 'username', 'type']).orderBy('username').limit(20);
    if (body.ids !== undefined) {
      if (!Array.isArray(body.ids) || body.ids.length > 100) throw fail.badInput('ids 必须是最多 100 个 ID 的数组');
      q = q.where('id', 'in', body.ids.length ? body.ids.map(idOf) : [0]).limit(100);
    }
    if (body.keyword !== undefined && body.keyword !== '') {
      if (typeof body.keyword !== 'string' || body.keyword.length > 32) throw fail.badInput('关键词必须是 32 个字符以内的文本');
      q = applyFilters(q, [{ column: 'username', op: 'contains', value: body.keyword }]);
    }
    return ok({ list: await q.execute() });
  });

  app.post('/api/user/money', { config: { access: 'sup:money' } }, async (request) => {
    const values = validateFields(moneyFields, request.body, 'add', { tz });
    if (values.amount === 0) throw fail.badInput('金额不能为 0', { amount: '金额不能为 0' });
    const who = auditCtxOf(request, ctx);
    const { balance } = await manualRecharge(
      ctx.db,
      {
        userId: values.id as number,
        amount: values.amount as number,
        remark: values.remark as string,
        operatorId: sessionOf(request).user.id,
        now: ctx.now(),
      },
      (trx, change) =>
        audit(trx, who, {
          action: 'user.money',
          category: 'money',
          targetType: 'user',
          targetId: values.id as number,
          summary: `${(values.amount as number) > 0 ? '加款' : '扣款'} $${toDollars(Math.abs(values.amount as number)).toFixed(2)}：${values.remark}`,
          before: { balance: toDollars(change.before) },
          after: { balance: toDollars(change.after) },
        }),
    );
    return ok({ balance: toDollars(balance) }, '余额已调整');
  });

  /** A new session for `userId`, remembering `managerId`; the caller's own session ends. */
  async function switchTo(request: FastifyRequest, userId: number, managerId: number | null) {
    const now = ctx.now();
    const who = auditCtxOf(request, ctx);
    // The switch and its audit row commit together: no switch goes unrecorded.
    const token = await ctx.db.transaction().execute(async (trx) => {
      const made = await createSession(trx, { userId, managerId, ip: clientIp(request), now, ttlMs: ctx.settings.sessionTtlMs });
      await revokeSession(trx, sessionOf(request).sessionId, now);
      await audit(trx, who, {
        action: managerId === null ? 'user.back' : 'user.switch',
        category: 'users',
        targetType: 'user',
        targetId: userId,
        summary: managerId === null ? '切换回管理员账号' : `切换到用户 #${userId}`,
      });
      return made;
    });
    const user = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
    const manager = managerId === null ? null : sessionOf(request).user.username;
    return { token, type: user.type, user: presentUser(user, tz, manager) };
  }

  app.post('/api/user/manager', { config: { access: 'sup:care' } }, async (request, reply) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['id']);
    const target = await ctx.db.selectFrom('users').selectAll().where('id', '=', idOf(body.id)).executeTakeFirst();
    if (!target) throw fail.notFound('用户不存在');
    if (target.type === 'sup') throw fail.forbidden('不能切换到管理员账号');
    if (target.status !== 'active') throw fail.conflict('该用户已被禁用，无法切换');
    const data = await switchTo(request, target.id, sessionOf(request).user.id);
    reply.header('Authorization', `Bearer ${data.token}`);
    return ok(data, '切换成功');
  });

  app.post('/api/user/admin', { config: { access: 'any' } }, async (request, reply) => {
    rejectUnknown(objectBody(request.body), []);
    const { managerId } = sessionOf(request);
    if (managerId === null) throw fail.forbidden('当前账号不是从管理员切换而来');
    const sup = await ctx.db.selectFrom('users').select(['id', 'type', 'status']).where('id', '=', managerId).executeTakeFirst();
    if (!sup || sup.type !== 'sup' || sup.status !== 'active') throw fail.forbidden('原管理员账号已不可用');
    const data = await switchTo(request, sup.id, null);
    reply.header('Authorization', `Bearer ${data.token}`);
    return ok(data, '切换成功');
  });

  // Support's way to help a customer locked out: a new random password, shown once; their sessions end.
  app.post('/api/user/reset-password', { config: { access: 'sup:care' } }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['id']);
    const target = await ctx.db.selectFrom('users').select(['id', 'username', 'type']).where('id', '=', idOf(body.id)).executeTakeFirst();
    if (!target) throw fail.notFound('用户不存在');
    if (target.type === 'sup') throw fail.forbidden('不能重置管理员的密码');
    const password = newPassword();
    const hash = await hashPassword(password); // before the transaction: hashing is slow
    const who = auditCtxOf(request, ctx);
    await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      await trx.updateTable('users').set({ password_hash: hash, update_at: now }).where('id', '=', target.id).execute();
      await revokeUserSessions(trx, target.id, now);
      await audit(trx, who, {
        action: 'user.password',
        category: 'users',
        targetType: 'user',
        targetId: target.id,
        summary: `重置用户 ${target.username} 的密码（新密码只显示一次，不记录）`,
      });
    });
    return ok({ password }, '密码已重置');
  });
}
