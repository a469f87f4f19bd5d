import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';
import { fold } from './names.js';
import { hashPassword } from './password.js';

/**
 * On the first start (no sup yet) creates the sup account. Returns the password when it was
 * generated, so the caller can print it once; later starts change nothing. A generated password is
 * also written to `dataDir`'s first-admin-password.txt (owner-only), which the sup's first login
 * removes: a start whose output was lost (the port was taken, the terminal closed) loses nothing.
 * Callers run it under the startup lock (server/boot/lock.ts): two processes never both create one.
 */
export async function ensureFirstSup(db: Kysely<DB>, username: string, password: string | undefined, now: number, dataDir?: string) {
  const existing = await db.selectFrom('users').select('id').where('type', '=', 'sup').limit(1).executeTakeFirst();
  if (existing) return { created: false as const };
  const chosen = password ?? newPassword();
  const hash = await hashPassword(chosen);
  const file = password === undefined && dataDir ? firstPasswordFile(dataDir) : undefined;
  // Written before the account exists: an account whose only password was never kept cannot happen.
  if (file) writeOwnerOnly(file, `管理员 ${username} 的初始密码如下（首次登录成功后本文件自动删除）：\n${chosen}\n`);
  try {
    await db
      .insertInto('users')
      .values({
        username,
        password_hash: hash,
        type: 'sup',
        role: 'owner',
        status: 'active',
        email: null,
        tg: null,
        group_id: null,
        create_at: now,
        update_at: now,
        login_at: null,
        login_ip: null,
      })
      .execute();
  } catch (error) {
    if (file) fs.rmSync(file, { force: true });
    throw error;
  }
  return { created: true as const, generatedPassword: password ? undefined : chosen, passwordFile: file };
}

/** A password for an account no person chose yet (the first sup, a reset): 16 characters, 96 bits. */
export function newPassword(): string {
  return crypto.randomBytes(12).toString('base64url');
}

export function firstPasswordFile(dataDir: string): string {
  return path.join(dataDir, 'first-admin-password.txt');
}

/** After a successful login of `username` (or a new password for them): the file naming them is no longer needed. */
export async function forgetFirstPassword(dataDir: string, username: string): Promise<void> {
  const file = firstPasswordFile(dataDir);
  const text = await fs.promises.readFile(file, 'utf8').catch(() => '');
  const named = /^管理员 (.+?) 的初始密码/.exec(text)?.[1];
  if (named !== undefined && fold(named) === fold(username)) await fs.promises.rm(file, { force: true }).catch(() => undefined);
}

/** Created with mode 0600 from the start (never readable by others, even for a moment); a leftover is replaced. */
function writeOwnerOnly(file: string, text: string): void {
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, text, { mode: 0o600, flag: 'wx' });
}
