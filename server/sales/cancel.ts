import type { Ctx } from '../platform/context.js';
import { AppError, Code, fail } from '../platform/http/envelope.js';
import { formatTime } from '../platform/lib/time.js';
import { refundLink, type RefundAudit } from './refund.js';
import { cancelOpensAt } from '../links/index.js';

const ENDED: Record<string, string> = {
  refunded: '该号码已退款',
  revoked: '该号码已被撤销',
  finished: '该号码已完成',
};

type LinkRow = { state: string; expires_at: number | string; code_count: number | string; create_at: number | string };

/** Why a link cannot be cancelled now, or null when it can. */
function refusal(ctx: Ctx, link: LinkRow, now: number): AppError | null {
  if (ENDED[link.state]) return fail.conflict(`${ENDED[link.state]}，不能取消`);
  if (Number(link.code_count) > 0) return fail.conflict('已收到验证码，不能取消退款；用完后请点“完成”');
  if (link.state === 'expired' || Number(link.expires_at) <= now) return fail.conflict('该号码已过期，不能取消');
  const opens = cancelOpensAt(ctx, Number(link.create_at));
  if (now >= opens) return null;
  const seconds = Math.ceil((opens - now) / 1000);
  return new AppError(Code.conflict, `购买后需稍等片刻才能取消，请 ${seconds} 秒后再试`, {
    cancel_at: formatTime(opens, ctx.settings.timeZone),
    wait_seconds: seconds,
  });
}

const readLink = (ctx: Ctx, userId: number, tokenId: number) =>
  ctx.db
    .selectFrom('tokens')
    .select(['state', 'expires_at', 'code_count', 'create_at'])
    .where('id', '=', tokenId)
    .where('user_id', '=', userId)
    .executeTakeFirst();

/**
 * 取消 from the console: a live link of this customer that has received no code ends as refunded and
 * its price (with any renewals) goes back to the balance. Refused while the early-cancel window runs
 * (`data.cancel_at`), once a code came (完成 ends it instead) and once it has ended.
 */
export async function cancelLink(ctx: Ctx, userId: number, tokenId: number, inside?: RefundAudit) {
  const link = await readLink(ctx, userId, tokenId);
  if (!link) throw fail.notFound('号码不存在');
  const refused = refusal(ctx, link, ctx.now());
  if (refused) throw refused;
  const refund = await refundLink(ctx, tokenId, { remark: '取消号码（未收到验证码），退款', noCode: true, inside });
  if (refund) return refund;
  // A code arrived, or the link ended, in the meantime: say which, as it is now.
  const now = await readLink(ctx, userId, tokenId);
  throw (now && refusal(ctx, now, ctx.now())) ?? fail.conflict('该号码当前不能取消');
}
