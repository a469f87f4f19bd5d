import type { Ctx } from '../platform/context.js';
import { anchorLine, chainHead } from '../audit/index.js';
import { formatTime, parseTime, startOfDay } from '../platform/lib/time.js';
import { orderSums, profitSums, rechargeSums, userFigures } from '../stats/index.js';
import { readBotConfig } from './bot-config.js';
import { tells } from './events.js';
import { enqueueMany } from './outbox.js';
import { readState } from './state.js';
import { dailyText } from './texts.js';

const SENT = 'daily_sent_for';
export const DAILY_AT = '09:00:00';

/** Yesterday's figures (business time zone) and the books' difference now (recharges - net orders + resellers' profits - balances, 0 when right). */
export async function dailyFigures(ctx: Ctx, now: number) {
  const tz = ctx.settings.timeZone;
  const today = startOfDay(now, tz);
  const yesterday = startOfDay(today - 1, tz);
  const [orders, codes] = await Promise.all([
    ctx.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('create_at', '>=', yesterday)
      .where('create_at', '<', today)
      .executeTakeFirstOrThrow(),
    ctx.db
      .selectFrom('code_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('create_at', '>=', yesterday)
      .where('create_at', '<', today)
      .executeTakeFirstOrThrow(),
  ]);
  const [sinceYesterday, sinceToday, all] = await orderSums(ctx.database, now, [{ from: yesterday }, { from: today }, {}]);
  const [recharged] = await rechargeSums(ctx.database, now, [{}]);
  const [profit] = await profitSums(ctx.database, now, [{}]);
  const users = await userFigures(ctx.db, today);
  return {
    day: (formatTime(yesterday, tz) ?? '').slice(0, 10),
    orders: Number(orders.n),
    revenue: sinceYesterday - sinceToday,
    codes: Number(codes.n),
    diff: recharged.total - all + profit - users.balance,
  };
}

/**
 * From 09:00 business time on, once a day: the summary of the day before, and the audit chain's
 * anchor, to every bound sup that chose `daily`. The day it was sent for is remembered, so a restart or another process does not repeat it.
 */
export async function dailyRound(ctx: Ctx): Promise<number> {
  const now = ctx.now();
  const tz = ctx.settings.timeZone;
  const today = startOfDay(now, tz);
  const at = parseTime(`${(formatTime(now, tz) ?? '').slice(0, 10)} ${DAILY_AT}`, tz) ?? today;
  const sent = await readState(ctx.db, SENT);
  if (now < at || sent === today) return 0;
  const figures = await dailyFigures(ctx, now);
  // The audit chain's head, kept in the chats' history outside the database: a chain rebuilt later no longer matches it.
  const text = `${dailyText(figures, (await readBotConfig(ctx)).consoleUrl)}\n${anchorLine(await chainHead(ctx.db, now))}`;
  // Active sups whose staff role sees money: the summary's revenue and difference are money.
  const sups = await ctx.db
    .selectFrom('telegram_bindings as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select(['b.chat_id', 'b.events', 'u.type', 'u.role'])
    .where('u.type', '=', 'sup')
    .where('u.status', '=', 'active')
    .execute();
  const chats = sups.filter((b) => tells(b, 'daily')).map((b) => ({ chatId: Number(b.chat_id), text }));
  return ctx.db.transaction().execute(async (trx) => {
    // Claimed by moving the day it was sent for from what was read: a round that lost the race sends nothing.
    const claimed =
      sent === null
        ? await trx
            .insertInto('telegram_state')
            .values({ name: SENT, value: today })
            .onConflict((oc) => oc.column('name').doNothing())
            .executeTakeFirst()
        : await trx
            .updateTable('telegram_state')
            .set({ value: today })
            .where('name', '=', SENT)
            .where('value', '=', sent)
            .executeTakeFirst();
    const moved = 'numInsertedOrUpdatedRows' in claimed ? claimed.numInsertedOrUpdatedRows : claimed.numUpdatedRows;
    if (!Number(moved ?? 0)) return 0;
    await enqueueMany(trx, chats, now);
    return chats.length;
  });
}
