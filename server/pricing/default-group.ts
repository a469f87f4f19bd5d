import type { Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';
import { fail } from '../platform/http/envelope.js';

/** The group new users join (the migration creates one; the group hooks keep exactly one). */
export async function defaultGroupId(db: Kysely<DB>): Promise<number | null> {
  const row = await db.selectFrom('groups').select('id').where('is_default', '=', 1).executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** The group a user add/edit should store: the one named (which must exist), else the default. */
export async function groupForUser(db: Kysely<DB>, groupId: unknown): Promise<number | null> {
  if (groupId === null || groupId === undefined) return defaultGroupId(db);
  const row = await db.selectFrom('groups').select('id').where('id', '=', Number(groupId)).executeTakeFirst();
  if (!row) throw fail.badInput('分组不存在', { group_id: '分组不存在' });
  return Number(row.id);
}
