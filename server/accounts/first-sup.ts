import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';
import { hashPassword } from './password.js';

/**
 * On the first start (no sup yet) creates the sup account. Returns the password when it was
 * generated, so the caller can print it once; later starts change nothing.
 */
export async function ensureFirstSup(db: Kysely<DB>, username: string, password: string | undefined, now: number) {
  const existing = await db.selectFrom('users').select('id').where('type', '=', 'sup').limit(1).executeTakeFirst();
  if (existing) return { created: false as const };
  const chosen = password ?? crypto.randomBytes(12).toString('base64url');
  await db.insertInto('users').values({
    username, password_hash: await hashPassword(chosen), type: 'sup', status: 'active', email: null, tg: null,
    group_id: null, create_at: now, update_at: now, login_at: null, login_ip: null,
  }).execute();
  return { created: true as const, generatedPassword: password ? undefined : chosen };
}
