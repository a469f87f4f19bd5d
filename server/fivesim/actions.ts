import { AppError } from '../platform/http/envelope.js';
import { cancelLink } from '../sales/index.js';
import { setStatus } from '../sms-activate/index.js';
import { E, refuse, type Answer } from './answers.js';
import type { UserCall } from './call.js';
import { orderAnswer, orderId, orderNow, ownOrder, statusOf } from './order.js';

/**
 * Finishing and banning decide as SMS-Activate's setStatus 6 and 8 do (the same store calls: the
 * refund, the early-cancel window, a code arriving meanwhile); only the answers are 5sim's.
 */
const decide = (c: UserCall, id: number, status: '6' | '8') => setStatus({ ...c, p: { id: String(id), status } });

/** check/{id}: the order as it is now. */
export async function check(c: UserCall, raw: string): Promise<Answer> {
  const row = await ownOrder(c.ctx, c.userId, orderId(raw));
  return row ? orderAnswer(c.ctx, row) : refuse(E.ORDER_NOT_FOUND);
}

/** finish/{id}: an order that got its SMS ends FINISHED (no refund); a repeat answers it again. */
export async function finish(c: UserCall, raw: string): Promise<Answer> {
  const row = await ownOrder(c.ctx, c.userId, orderId(raw));
  if (!row) return refuse(E.ORDER_NOT_FOUND);
  const status = statusOf(row, c.ctx.now());
  if (status === 'FINISHED') return orderAnswer(c.ctx, row);
  if (status !== 'RECEIVED') return refuse(E.ORDER_EXPIRED);
  if (!Number(row.code_count)) return refuse(E.ORDER_NO_SMS);
  const word = await decide(c, Number(row.id), '6');
  return word === 'ACCESS_ACTIVATION' ? orderNow(c.ctx, c.userId, Number(row.id)) : refuse(E.ORDER_EXPIRED);
}

/**
 * cancel/{id}: the console's 取消 (server/sales/cancel.ts): an order without SMS is refunded and
 * ends CANCELED (not within the early-cancel window); one with an SMS cannot be (`order has sms`:
 * finish it), even when the SMS comes during the call; a repeat answers it again.
 */
export async function cancel(c: UserCall, raw: string): Promise<Answer> {
  const row = await ownOrder(c.ctx, c.userId, orderId(raw));
  if (!row) return refuse(E.ORDER_NOT_FOUND);
  const status = statusOf(row, c.ctx.now());
  if (status === 'CANCELED') return orderAnswer(c.ctx, row);
  if (status !== 'RECEIVED' && status !== 'PENDING') return refuse(E.ORDER_EXPIRED);
  if (Number(row.code_count)) return refuse(E.ORDER_HAS_SMS);
  try {
    await cancelLink(c.ctx, c.userId, Number(row.id));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if ((error.data as { wait_seconds?: number } | null)?.wait_seconds) return refuse(E.EARLY_CANCEL);
    // A code arrived, or the link ended, meanwhile: say which, as it is now.
    const now = await ownOrder(c.ctx, c.userId, Number(row.id));
    if (now && Number(now.code_count) && statusOf(now, c.ctx.now()) === 'RECEIVED') return refuse(E.ORDER_HAS_SMS);
    return now && statusOf(now, c.ctx.now()) === 'CANCELED' ? orderAnswer(c.ctx, now) : refuse(E.ORDER_EXPIRED);
  }
  return orderNow(c.ctx, c.userId, Number(row.id));
}

/**
 * ban/{id}: the customer says the number is no good (used already, blocked by the site). The
 * activation ends as SMS-Activate's status 8 ends it (refunded when no SMS came, else finished) and
 * is recorded as banned, which is how it reads from then on.
 */
export async function ban(c: UserCall, raw: string): Promise<Answer> {
  const row = await ownOrder(c.ctx, c.userId, orderId(raw));
  if (!row) return refuse(E.ORDER_NOT_FOUND);
  const status = statusOf(row, c.ctx.now());
  if (status === 'BANNED') return orderAnswer(c.ctx, row);
  if (status !== 'RECEIVED' && status !== 'PENDING') return refuse(E.ORDER_EXPIRED);
  const id = Number(row.id);
  const word = await decide(c, id, '8');
  if (word === 'ACCESS_CANCEL') {
    await c.ctx.db
      .insertInto('fivesim_bans')
      .values({ token_id: id, user_id: c.userId, create_at: c.ctx.now() })
      .onConflict((oc) => oc.column('token_id').doNothing())
      .execute();
  }
  return afterCancel(c, id, word);
}

function afterCancel(c: UserCall, id: number, word: string): Promise<Answer> | Answer {
  if (word === 'ACCESS_CANCEL') return orderNow(c.ctx, c.userId, id);
  if (word === 'EARLY_CANCEL_DENIED') return refuse(E.EARLY_CANCEL);
  if (word === 'NO_ACTIVATION') return refuse(E.ORDER_NOT_FOUND);
  return refuse(E.ORDER_EXPIRED);
}
