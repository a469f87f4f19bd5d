import type { Kysely } from 'kysely';
import type { ResourceHooks } from '../platform/crud/hooks.js';
import type { Dialect } from '../platform/db/connection.js';
import { fail } from '../platform/http/envelope.js';
import { revokeManagedSessions, revokeUserSessions } from './sessions.js';
import { fold, foldedName } from './names.js';
import { hashPassword } from './password.js';
import { groupForUser } from '../pricing/index.js';
import type { Row } from '../platform/http/validate.js';
import { presentApiKeys } from './api-keys.js';
import type { StaffRole } from '../../resources.config.js';
import type { DB } from '../schema/tables.js';

/** A sup's staff role when none is chosen: the one that may do least, never the owner by omission. */
const LEAST_ROLE: StaffRole = 'support';

const isReseller = async (trx: Kysely<DB>, userId: number) =>
  Boolean(await trx.selectFrom('resellers').select('id').where('user_id', '=', userId).executeTakeFirst());

/** The rules of the generic user add/edit: unique names, hashed passwords, and at least one sup. */
export const userHooks: ResourceHooks = {
  // Hashing takes tens of milliseconds: done before the write transaction, not inside it.
  async prepare(values) {
    const { password, ...rest } = values;
    return password ? { ...rest, password_hash: await hashPassword(String(password)) } : rest;
  },

  async beforeAdd(values, { ctx, trx }) {
    const taken = await trx
      .selectFrom('users')
      .select('id')
      .where(foldedName, '=', fold(String(values.username)))
      .executeTakeFirst();
    if (taken) throw fail.badInput('用户名已存在', { username: '用户名已存在' });
    // A sup has a staff role (none chosen: support, the narrowest; owner only when chosen); a customer has none.
    const role = values.type === 'sup' ? (values.role ?? LEAST_ROLE) : null;
    return { ...values, role, group_id: await groupForUser(trx, values.group_id), update_at: ctx.now(), balance: 0, login_count: 0 };
  },

  async beforeEdit(id, values, existing, { ctx, trx, session }) {
    const demoted = values.type !== undefined && values.type !== 'sup';
    const disabled = values.status !== undefined && values.status !== 'active';
    if (id === session.user.id && (demoted || disabled)) throw fail.forbidden('不能降级或禁用自己的账号');
    const type = values.type ?? existing.type;
    // A reseller is a customer with more, never a sup (nor is a reseller's customer made one).
    if (type === 'sup' && existing.type !== 'sup' && (existing.reseller_id !== null || (await isReseller(trx, id)))) {
      throw fail.badInput('分站用户和分站的客户不能设为管理员', { type: '分站用户和分站的客户不能设为管理员' });
    }
    const role = type !== 'sup' ? null : (('role' in values ? values.role : existing.role) ?? LEAST_ROLE);
    if (id === session.user.id && role !== existing.role) throw fail.forbidden('不能修改自己的管理员角色');
    await keepAnOwner(trx, ctx.database.dialect, id, existing, { type, role, status: values.status ?? existing.status });
    if (existing.type === 'sup' && (demoted || disabled)) {
      const others = await trx
        .selectFrom('users')
        .select('id')
        .where('type', '=', 'sup')
        .where('status', '=', 'active')
        .where('id', '!=', id)
        .limit(1)
        .execute();
      if (!others.length) throw fail.conflict('至少需要保留一个可用的管理员账号');
    }
    const row: Row = { ...values, update_at: ctx.now() };
    if (role !== existing.role) row.role = role;
    else delete row.role;
    // Cleared, a user's group falls back to the default one.
    if ('group_id' in values) row.group_id = await groupForUser(trx, values.group_id);
    return row;
  },

  async afterEdit(id, row, existing, { ctx, trx }) {
    const disabled = row.status !== undefined && row.status !== 'active' && existing.status === 'active';
    // A new staff role takes effect at the next login: every session of that person ends. So for a
    // customer made sup: a session another sup opened inside their account must not become a sup's.
    const type = row.type ?? existing.type;
    const promoted = type === 'sup' && existing.type !== 'sup';
    const roleChanged = promoted || (type === 'sup' && row.role !== undefined && row.role !== existing.role);
    if (disabled || row.password_hash || roleChanged) await revokeUserSessions(trx, id, ctx.now());
    // A demoted sup keeps their own sessions (now a customer's) but none opened in a customer's account.
    else if (row.type !== undefined && row.type !== 'sup' && existing.type === 'sup') await revokeManagedSessions(trx, id, ctx.now());
  },

  // Whether each user holds an API key in use (the user list's column; the sup revokes from there).
  async present(rows, _raw, { ctx }) {
    await presentApiKeys(ctx.db, rows);
  },
};

/**
 * An active owner who would stop being one (demoted, another role, disabled) needs another active
 * owner. On PostgreSQL the owners' rows are locked first (in id order), so two owners demoting each
 * other at once cannot both see the other one still there; SQLite writes one at a time already.
 */
async function keepAnOwner(
  trx: Kysely<DB>,
  dialect: Dialect,
  id: number,
  existing: Record<string, unknown>,
  next: { type: string; role: string | null; status: string },
): Promise<void> {
  const isOwner = (u: { type?: unknown; role?: unknown; status?: unknown }) =>
    u.type === 'sup' && u.role === 'owner' && u.status === 'active';
  if (!isOwner(existing) || isOwner(next)) return;
  let owners = trx
    .selectFrom('users')
    .select('id')
    .where('type', '=', 'sup')
    .where('role', '=', 'owner')
    .where('status', '=', 'active')
    .orderBy('id');
  if (dialect === 'postgres') owners = owners.forUpdate();
  const rows = await owners.execute();
  if (!rows.some((r) => Number(r.id) !== id)) throw fail.conflict('至少需要保留一个可用的所有者账号');
}
