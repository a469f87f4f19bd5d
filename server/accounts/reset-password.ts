import type { Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';
import { forgetFirstPassword, newPassword } from './first-sup.js';
import { loginKeys } from './guessing.js';
import { fold, foldedName } from './names.js';
import { hashPassword } from './password.js';
import { revokeUserSessions } from './sessions.js';

/**
 * The operator's way back into an account (`npm run admin -- reset-password <username>`, server/admin.ts):
 * a new generated password, every session of the account ended, its login counters cleared (a
 * guessing attack that closed it does not keep its owner out). Undefined when no such user.
 */
export async function resetPassword(db: Kysely<DB>, username: string, dataDir: string, now: number) {
  const user = await db.selectFrom('users').select(['id', 'username', 'status']).where(foldedName, '=', fold(username)).executeTakeFirst();
  if (!user) return undefined;
  const password = newPassword();
  const hash = await hashPassword(password); // before the transaction: hashing is slow
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash, update_at: now }).where('id', '=', user.id).execute();
    await revokeUserSessions(trx, user.id, now);
    await trx.deleteFrom('rate_limits').where('key', 'in', loginKeys(user.username)).execute();
  });
  await forgetFirstPassword(dataDir, user.username);
  return { username: user.username, active: user.status === 'active', password };
}
