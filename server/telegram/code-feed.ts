import type { Ctx } from '../platform/context.js';
import { formatTime } from '../platform/lib/time.js';
import { tells } from './events.js';
import { enqueueMany, PRIORITY } from './outbox.js';
import { readState, writeState } from './state.js';
import { codeText } from './texts.js';

const CURSOR = 'code_cursor';
const BATCH = 500;
/** A gap in the record ids older than this is a rolled-back insert, not one still being committed. */
export const GAP_WAIT_MS = 10_000;

/** Where each gap in the ids was first seen (per process; a gap is rare and short). */
const gapsSeen = new Map<string, number>();

/**
 * Code records since the cursor become messages to their owners' bound chats (those that chose `code`).
 * Intake never waits for this: it reads what intake committed. Ids are handed out before commit on
 * PostgreSQL, so a missing id may still arrive: the cursor stops before it for up to GAP_WAIT_MS.
 * The messages and the new cursor are written in one transaction: each code is told once.
 */
export async function feedCodes(ctx: Ctx): Promise<number> {
  const cursor = await readState(ctx.db, CURSOR);
  if (cursor === null) {
    // First round ever: from the newest record on, never the history.
    const top = await ctx.db
      .selectFrom('code_records')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    await writeState(ctx.db, CURSOR, Number(top?.id ?? 0));
    return 0;
  }
  const rows = await ctx.db
    .selectFrom('code_records as r')
    .leftJoin('telegram_bindings as b', 'b.user_id', 'r.user_id')
    .leftJoin('users as u', 'u.id', 'b.user_id')
    .leftJoin('goods as g', 'g.id', 'r.goods_id')
    .select(['r.id', 'r.identifier', 'r.code', 'r.create_at', 'b.chat_id', 'b.events', 'u.type', 'u.role', 'u.status', 'g.title'])
    .where('r.id', '>', cursor)
    .orderBy('r.id')
    .limit(BATCH)
    .execute();
  if (!rows.length) return 0;

  let upto = cursor;
  const now = ctx.now();
  for (const r of rows) {
    const id = Number(r.id);
    if (id !== upto + 1) {
      const key = `${ctx.database.dialect}:${upto + 1}`;
      const first = gapsSeen.get(key) ?? now;
      gapsSeen.set(key, first);
      if (now - first < GAP_WAIT_MS) break;
      gapsSeen.delete(key);
    }
    upto = id;
  }
  if (gapsSeen.size > 1000) gapsSeen.clear();
  const taken = rows.filter((r) => Number(r.id) <= upto);
  // A disabled account's chat is told nothing.
  const messages = taken
    .filter(
      (r) =>
        r.chat_id !== null &&
        r.events &&
        r.type &&
        r.status === 'active' &&
        tells({ type: r.type, role: r.role, events: r.events }, 'code'),
    )
    .map((r) => ({
      chatId: Number(r.chat_id),
      text: codeText({
        identifier: r.identifier,
        code: r.code,
        product: r.title ?? '',
        at: formatTime(Number(r.create_at), ctx.settings.timeZone) ?? '',
      }),
    }));
  if (upto === cursor) return 0;
  await ctx.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('telegram_state')
      .set({ value: upto })
      .where('name', '=', CURSOR)
      .where('value', '=', cursor!)
      .executeTakeFirst();
    if (!Number(moved.numUpdatedRows)) return; // another round moved it meanwhile
    await enqueueMany(trx, messages, now, PRIORITY.code);
  });
  return messages.length;
}
