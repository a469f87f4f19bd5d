import type { Ctx } from '../platform/context.js';
import { forgetAttempts, limitAttempts } from '../platform/http/rate-limit.js';
import { fold } from './names.js';

/**
 * Per-account limits on password guessing, on top of the per-address limit (AUTH_RATE_PER_MINUTE):
 * guesses spread over many addresses still run into them. Windows are fixed, so a refusal states
 * its wait and the wait never grows.
 */
const WINDOW_MS = 15 * 60_000;
export const LOGIN_ATTEMPTS = 10;
export const OLD_PASSWORD_ATTEMPTS = 5;

/**
 * Logins at one username: 10 failures in 15 minutes close it for the rest of the window, from every
 * address but the one the owner last logged in from, which has a count of its own (guesses from
 * elsewhere cannot lock the owner out). Unknown names are counted the same way, so the answers do
 * not tell which names exist. Returns what to call once the password proved right.
 */
export async function limitLogins(ctx: Ctx, username: string, usualIp: string | null | undefined, ip: string) {
  const keys = loginKeys(username);
  const key = usualIp && usualIp === ip ? keys[0] : keys[1];
  await limitAttempts(ctx, key, LOGIN_ATTEMPTS, WINDOW_MS, (minutes) => `登录失败次数过多，请 ${minutes} 分钟后再试`);
  return { succeeded: () => forgetAttempts(ctx, key) };
}

/** A username's two login counters: from its owner's usual address, and from anywhere else. */
export function loginKeys(username: string): [string, string] {
  const name = fold(username);
  return [`login-usual:${name}`, `login-name:${name}`];
}

/** Wrong old passwords on a password change: 5 in 15 minutes per user. */
export async function limitOldPasswords(ctx: Ctx, userId: number) {
  const key = `password-old:${userId}`;
  await limitAttempts(ctx, key, OLD_PASSWORD_ATTEMPTS, WINDOW_MS, (minutes) => `原密码错误次数过多，请 ${minutes} 分钟后再试`);
  return { succeeded: () => forgetAttempts(ctx, key) };
}
