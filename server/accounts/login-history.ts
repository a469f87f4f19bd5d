import type { Ctx } from '../platform/context.js';
import { formatTime } from '../platform/lib/time.js';

/** Why a checked login failed. */
export type LoginFailure = 'password' | 'totp' | 'disabled';

/** How many of an account's newest attempts its owner sees. */
export const HISTORY_SHOWN = 50;
/** How long attempts are kept. */
export const HISTORY_KEEP_MS = 180 * 86_400_000;

/** Each failure in words (the login history here, the audit trail's login rows). */
export const LOGIN_FAILURE_LABELS: Record<LoginFailure, string> = { password: '密码错误', totp: '两步验证码错误', disabled: '账号已禁用' };

/**
 * One login attempt at an existing account whose password was checked: success, or why not. Names
 * that exist nowhere are not recorded (they have no owner to show them to); refusals before the
 * check (rate limits, bad input) are not attempts at the password.
 */
export async function recordLogin(ctx: Ctx, attempt: { userId: number; ip: string; failure?: LoginFailure }): Promise<void> {
  const now = ctx.now();
  await ctx.db
    .insertInto('login_history')
    .values({
      user_id: attempt.userId,
      ip: attempt.ip.slice(0, 64),
      success: attempt.failure ? 0 : 1,
      reason: attempt.failure ?? null,
      create_at: now,
    })
    .execute();
  // Now and then, this account's attempts older than the keeping time go (as rate-limit windows do).
  if (Math.random() < 0.02) {
    await ctx.db
      .deleteFrom('login_history')
      .where('user_id', '=', attempt.userId)
      .where('create_at', '<', now - HISTORY_KEEP_MS)
      .execute();
  }
}

/** The account's own newest attempts, for its owner (GET /api/user/logins). */
export async function ownLogins(ctx: Ctx, userId: number) {
  const rows = await ctx.db
    .selectFrom('login_history')
    .select(['id', 'ip', 'success', 'reason', 'create_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .limit(HISTORY_SHOWN)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    create_at: formatTime(Number(r.create_at), ctx.settings.timeZone),
    ip: r.ip,
    success: Number(r.success) === 1,
    reason: r.reason ? (LOGIN_FAILURE_LABELS[r.reason as LoginFailure] ?? r.reason) : null,
  }));
}
