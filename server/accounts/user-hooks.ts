import type { ResourceHooks } from '../platform/crud/hooks.js';
import { fail } from '../platform/http/envelope.js';
import { revokeManagedSessions, revokeUserSessions } from './sessions.js';
import { fold, foldedName } from './names.js';
import { hashPassword } from './password.js';
import { groupForUser } from '../pricing/default-group.js';
import type { Row } from '../platform/http/validate.js';
import { presentApiKeys } from './api-keys.js';

/** The rules of the generic user add/edit: unique names, hashed passwords, and at least one sup. */
export const userHooks: ResourceHooks = {
  // Hashing takes tens of milliseconds: done before the write transaction, not inside it.
  async prepare(values) {
    const { password, ...rest } = values;
    return password ? { ...rest, password_hash: await hashPassword(String(password)) } : rest;
  },

  async beforeAdd(values, { ctx, trx }) {
    const taken = await trx.selectFrom('users').select('id').where(foldedName, '=', fold(String(values.username))).executeTakeFirst();
    if (taken) throw fail.badInput('用户名已存在', { username: '用户名已存在' });
    return { ...values, group_id: await groupForUser(trx, values.group_id), update_at: ctx.now(), balance: 0, login_count: 0 };
  },

  async beforeEdit(id, values, existing, { ctx, trx, session }) {
    const demoted = values.type !== undefined && values.type !== 'sup';
    const disabled = values.status !== undefined && values.status !== 'active';
    if (id === session.user.id && (demoted || disabled)) throw fail.forbidden('不能降级或禁用自己的账号');
    if (existing.type === 'sup' && (demoted || disabled)) {
      const others = await trx.selectFrom('users').select('id')
        .where('type', '=', 'sup').where('status', '=', 'active').where('id', '!=', id).limit(1).execute();
      if (!others.length) throw fail.conflict('至少需要保留一个可用的管理员账号');
    }
    const row: Row = { ...values, update_at: ctx.now() };
    // Cleared, a user's group falls back to the default one.
    if ('group_id' in values) row.group_id = await groupForUser(trx, values.group_id);
    return row;
  },

  async afterEdit(id, row, existing, { ctx, trx }) {
    const disabled = row.status !== undefined && row.status !== 'active' && existing.status === 'active';
    if (disabled || row.password_hash) await revokeUserSessions(trx, id, ctx.now());
    // A demoted sup keeps their own sessions (now a customer's) but none opened in a customer's account.
    else if (row.type !== undefined && row.type !== 'sup' && existing.type === 'sup') await revokeManagedSessions(trx, id, ctx.now());
  },

  // Whether each user holds an API key in use (the user list's column; the sup revokes from there).
  async present(rows, _raw, { ctx }) {
    await presentApiKeys(ctx.db, rows);
  },
};
