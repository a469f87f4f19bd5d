import type { Kysely } from 'kysely';
import type { DB } from '../schema/tables.js';

/** A named counter of the bot (the update offset, the code-record cursor, the last daily summary). */
export async function readState(db: Kysely<DB>, name: string): Promise<number | null> {
  const row = await db.selectFrom('telegram_state').select('value').where('name', '=', name).executeTakeFirst();
  return row ? Number(row.value) : null;
}

export async function writeState(db: Kysely<DB>, name: string, value: number): Promise<void> {
  await db
    .insertInto('telegram_state')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}
