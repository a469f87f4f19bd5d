import type { Ctx } from '../platform/context.js';
import { AppError, Code } from '../platform/http/envelope.js';
import { forgetAttempts, limitAttempts } from '../platform/http/rate-limit.js';
import { spendCode, totpEnabled } from './totp-store.js';

/**
 * Second-step codes one account may try in a day, from all addresses together: the login limits'
 * windows reopen every 15 minutes, this one does not (a million codes stay out of reach).
 */
export const SECOND_STEP_DAILY = 30;
const DAY_MS = 86_400_000;

/**
 * The login's second step, once the password proved right: nothing for an account without TOTP;
 * otherwise a current code or an unused recovery code in `totp`. Refusals are 400 with
 * `data.totp_required`; a wrong code is a failed login (the caller's guessing counter already counted
 * this attempt, and only a whole success forgets it).
 */
export async function checkSecondStep(ctx: Ctx, userId: number, totp: string | null | undefined): Promise<'none' | 'passed'> {
  if (!(await totpEnabled(ctx.db, userId))) return 'none';
  if (!totp) throw new AppError(Code.badInput, '请输入两步验证码', { totp_required: true });
  const key = `totp-login:${userId}`;
  await limitAttempts(ctx, key, SECOND_STEP_DAILY, DAY_MS, (minutes) => `两步验证码错误次数过多，请 ${Math.ceil(minutes / 60)} 小时后再试`);
  if (!(await spendCode(ctx, userId, totp))) {
    const message = '两步验证码错误或已使用';
    throw new AppError(Code.badInput, message, { totp_required: true, errors: { totp: message } });
  }
  await forgetAttempts(ctx, key);
  return 'passed';
}
