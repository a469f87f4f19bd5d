import type { Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';
import { forgetFirstPassword, newPassword } from './first-sup.js';
import { loginKeys } from './guessing.js';
import { fold, foldedName } from './names.js';
import { hashPassword } from './password.js';
import { revokeUserSessions } from './sessions.js';
import { removeTotp } from './totp-store.js';
import { audit, commandCtx } from '../audit/index.js';

/**
 * The operator's way back into an account (`npm run admin -- reset-password <username>`, server/admin.ts):
 * a new generated password, every session of the account ended, its login counters cleared (a
 * guessing attack that closed it does not keep its owner out); with `clearTotp` (`--clear-totp`, the
 * owner lost the phone) its two-step login is turned off too. Undefined when no such user.
 */
export async function resetPassword(db: Kysely<DB>, username: string, dataDir: string, now: number, opts: { clearTotp?: boolean } = {}) {
  const user = await db.selectFrom('users').select(['id', 'username', 'status']).where(foldedName, '=', fold(username)).executeTakeFirst();
  if (!user) return undefined;
  const password = newPassword();
  const hash = await hashPassword(password); // before the transaction: hashing is slow
  let totpCleared = false;
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash, update_at: now }).where('id', '=', user.id).execute();
    await revokeUserSessions(trx, user.id, now);
    await trx.deleteFrom('rate_limits').where('key', 'in', loginKeys(user.username)).execute();
    if (opts.clearTotp) totpCleared = await removeTotp(trx, user.id);
    await audit(
      trx,
      commandCtx(db, () => now),
      {
        action: 'user.password',
        category: 'users',
        targetType: 'user',
        targetId: user.id,
        summary: `命令行重置用户 #${user.id} ${user.username} 的密码${totpCleared ? '，并关闭两步验证' : ''}`,
      },
    );
  });
  await forgetFirstPassword(dataDir, user.username);
  return { username: user.username, active: user.status === 'active', password, totpCleared };
}
