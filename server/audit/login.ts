import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { anonymousCtx, auditAlone } from './audit.js';

const REASONS: Record<string, string> = { password: '密码错误', totp: '两步验证码错误', disabled: '账号已禁用' };

/**
 * The audit row of a login attempt at an existing account: success, or the failure and why. The
 * attempt's own row, in its own transaction (a login writes nothing else the row belongs with).
 */
export async function auditLogin(
  request: FastifyRequest,
  ctx: Ctx,
  user: { id: number; username: string },
  failure?: string,
): Promise<void> {
  await auditAlone(
    ctx.db,
    anonymousCtx(request, ctx, { id: user.id, name: user.username }),
    failure
      ? {
          action: 'login.fail',
          category: 'login',
          targetType: 'user',
          targetId: user.id,
          summary: `登录失败：${REASONS[failure] ?? failure}`,
        }
      : { action: 'login.ok', category: 'login', targetType: 'user', targetId: user.id, summary: '登录成功' },
  );
}
