import type { Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';
import { toDollars } from '../platform/lib/money.js';
import { formatTime } from '../platform/lib/time.js';
import type { SessionInfo, UserRow } from './sessions.js';

/** The user fields the console's header, home and guard read (docs/api.md#accounts). */
export function presentUser(user: UserRow, tz: string, manager?: string | null) {
  return {
    id: user.id,
    username: user.username,
    type: user.type,
    status: user.status,
    balance: toDollars(user.balance),
    email: user.email,
    tg: user.tg,
    create_at: formatTime(user.create_at, tz),
    login_at: formatTime(user.login_at, tz),
    login_count: user.login_count,
    login_ip: user.login_ip,
    ...(manager ? { manager } : {}),
    // A sup's staff role: the console shows the menu and buttons that role may use.
    ...(user.type === 'sup' ? { role: user.role ?? 'owner' } : {}),
    // The business time zone: the console's "today" (date presets, export file names) is in it.
    time_zone: tz,
  };
}

/** The user of a session, with the switching sup's name as `manager` when there is one. */
export async function presentSessionUser(db: Kysely<DB>, session: SessionInfo, tz: string) {
  let manager: string | null = null;
  if (session.managerId !== null) {
    const sup = await db.selectFrom('users').select('username').where('id', '=', session.managerId).executeTakeFirst();
    manager = sup?.username ?? null;
  }
  // Read again, not the session's copy: that one may be a second old in this process's read cache,
  // and the balance shown after a purchase taken by another process must be the new one.
  const user = await db.selectFrom('users').selectAll().where('id', '=', session.user.id).executeTakeFirst();
  // A reseller (a customer holding the `reseller` grant): the console shows 我的分站.
  return { ...presentUser(user ?? session.user, tz, manager), ...(session.reseller ? { reseller: true } : {}) };
}
