import type { Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';

/** The settings row of the 开放注册 switch: '0' closed, anything else (or no row) open. */
export const REGISTER_OPEN = 'register_open';

/** Whether anyone may register themselves (POST /api/user/register); open unless the sup closed it. */
export async function registerOpen(db: Kysely<DB>): Promise<boolean> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', REGISTER_OPEN).executeTakeFirst();
  return row?.value !== '0';
}
