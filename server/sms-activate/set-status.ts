import { AppError, Code } from '../platform/http/envelope.js';
import { cancelOpensAt, finishLink, resetLink } from '../links/index.js';
import { refundLink } from '../sales/index.js';
import { W } from './answers.js';
import type { Call } from './params.js';
import { ended, ownLink, type LinkRow } from './status.js';

/** Ended by the customer's cancel or completion, or by the sup's refund: a repeated cancel is answered as done. */
const CANCELLED = new Set(['refunded', 'revoked', 'finished']);

/**
 * setStatus: 1 ready (nothing to do), 3 another code on the same number (a 重提 within the product's
 * limit), 6 complete (the link ends), 8 or the legacy -1 cancel (a refund when no code came, else
 * the link ends without one). Anything else, or a status the link can no longer take, BAD_STATUS;
 * someone else's id NO_ACTIVATION.
 */
export async function setStatus(c: Call): Promise<string> {
  const link = await ownLink(c);
  if (!link) return W.NO_ACTIVATION;
  switch ((c.p.status ?? '').trim()) {
    case '1':
      return ended(link.row, c.ctx.now()) ? W.BAD_STATUS : W.ACCESS_READY;
    case '3':
      return retry(c, link.id, link.row);
    case '6':
      return finish(c, link.id, link.row);
    case '8':
    case '-1':
      return cancel(c, link.id, link.row, true);
    default:
      return W.BAD_STATUS;
  }
}

async function retry(c: Call, id: number, row: LinkRow): Promise<string> {
  // Another code only after one came since the last arming: a reset before that would waste one.
  if (ended(row, c.ctx.now()) || !row.last_code) return W.BAD_STATUS;
  try {
    await resetLink(c.ctx, c.userId, id);
    return W.ACCESS_RETRY_GET;
  } catch (error) {
    if (error instanceof AppError && error.code === Code.notFound) return W.NO_ACTIVATION;
    if (error instanceof AppError) return W.BAD_STATUS;
    throw error;
  }
}

async function finish(c: Call, id: number, row: LinkRow): Promise<string> {
  if (row.state === 'finished') return W.ACCESS_ACTIVATION;
  // Without any code there is nothing to complete: a cancel (8) gets the money back.
  if (ended(row, c.ctx.now()) || Number(row.code_count) === 0) return W.BAD_STATUS;
  if (await finishLink(c.ctx, c.userId, id)) return W.ACCESS_ACTIVATION;
  const now = await ownLink(c);
  return now?.row.state === 'finished' ? W.ACCESS_ACTIVATION : W.BAD_STATUS;
}

async function cancel(c: Call, id: number, row: LinkRow, again: boolean): Promise<string> {
  const { ctx } = c;
  if (CANCELLED.has(row.state)) return W.ACCESS_CANCEL;
  if (ended(row, ctx.now())) return W.BAD_STATUS;
  if (Number(row.code_count) > 0) {
    if (await finishLink(ctx, c.userId, id)) return W.ACCESS_CANCEL;
  } else {
    // As the official service does: a number cannot be checked and handed back for free at once.
    if (ctx.now() < cancelOpensAt(ctx, Number(row.create_at))) return W.EARLY_CANCEL_DENIED;
    if (await refundLink(ctx, id, { remark: '接口取消（未收到验证码），退款', noCode: true })) return W.ACCESS_CANCEL;
  }
  // A code arrived, or the sup acted, meanwhile: decide once more on the link as it is now.
  const current = again ? await ownLink(c) : null;
  return current ? cancel(c, id, current.row, false) : W.BAD_STATUS;
}
