import type { Kysely } from 'kysely';
import { allows, type Grants, type Role } from '../../resources.config.js';
import type { DB } from '../schema/tables.js';
import { fail } from '../platform/http/envelope.js';

/** The settings row of 强制管理员两步验证: '1' on; anything else (or no row) off. */
export const REQUIRE_SUP_TOTP = 'require_sup_totp';

/** Whether every sup account must have two-step login on before it may do anything else. */
export async function supTotpRequired(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', REQUIRE_SUP_TOTP).executeTakeFirst();
  return row?.value === '1';
}

/** Who may change security settings (强制管理员两步验证): the owner, the sup holding every grant. */
export function mayChangeSecuritySettings(caller: { role: Role; grants: Grants }): boolean {
  return allows('sup', caller.role, caller.grants);
}

/**
 * Checks a change of the switch before it is saved: only who may change security settings, and
 * turning it on only with two-step login on for the caller (else the one turning it on would be the
 * first account sent to set it up).
 */
export async function checkSupTotpChange(
  db: Kysely<DB>,
  caller: { role: Role; userId: number; grants: Grants },
  on: boolean,
): Promise<void> {
  if (!mayChangeSecuritySettings(caller)) throw fail.forbidden();
  if (!on) return;
  const own = await db.selectFrom('user_totp').select('enabled_at').where('user_id', '=', caller.userId).executeTakeFirst();
  if (own?.enabled_at == null) throw fail.conflict('请先为自己的账号开启两步验证，再强制管理员两步验证');
}
