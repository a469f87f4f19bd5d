import type { FastifyInstance } from 'fastify';
import type { FieldDef } from '../../resources.config.js';
import type { Ctx } from '../platform/context.js';
import { roleOfRequest, sessionOf } from '../platform/http/auth.js';
import { fail, ok } from '../platform/http/envelope.js';
import { objectBody, rejectUnknown, validateFields } from '../platform/http/validate.js';
import { formatTime } from '../platform/lib/time.js';
import { idOf, idsOf } from '../platform/http/ids.js';
import { effectiveState, linksOf } from './links.js';
import { publicBase } from '../platform/http/public-url.js';
import { isLinkState } from './states.js';
import { resetLink } from './reset.js';
import { finishLink } from './finish.js';

const idField: FieldDef = { label: '链接', type: 'ref', required: true };
const EXPORT_MAX = 50_000;

/** What an owner does with a link (reset, finish) and the TXT export; renewals and refunds are sales (server/sales/link.routes.ts). */
export function registerLinkRoutes(app: FastifyInstance, ctx: Ctx): void {
  const tz = ctx.settings.timeZone;

  app.post('/api/token/reset', { config: { access: 'customer' } }, async (request) => {
    const v = validateFields({ id: idField }, request.body, 'add', { tz });
    const r = await resetLink(ctx, sessionOf(request).user.id, v.id as number);
    return ok(
      { id: v.id, resets: r.resets, resets_left: r.resetsLeft, armed_at: formatTime(r.armedAt, tz) },
      `已重提，等待新的验证码（剩余重提 ${r.resetsLeft} 次）`,
    );
  });

  app.post('/api/token/finish', { config: { access: 'customer' } }, async (request) => {
    const v = validateFields({ id: idField }, request.body, 'add', { tz });
    const userId = sessionOf(request).user.id;
    if (await finishLink(ctx, userId, v.id as number)) return ok({ id: v.id }, '已完成，号码已结束接码');
    throw await finishRefusal(ctx, userId, v.id as number);
  });

  // The caller's links (a sup: anyone's) as lines to copy or save: the selection, or all matching.
  app.post('/api/token/export', { config: { access: 'own:orders' } }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['ids', 'state', 'goods_id']);
    let q = ctx.db
      .selectFrom('tokens')
      .select(['id', 'identifier', 'token', 'state', 'expires_at', 'goods_id'])
      .orderBy('id', 'desc')
      .limit(EXPORT_MAX + 1);
    if (roleOfRequest(request) !== 'sup') q = q.where('user_id', '=', sessionOf(request).user.id);
    if (body.ids !== undefined) q = q.where('id', 'in', idsOf(body.ids, EXPORT_MAX));
    if (body.goods_id !== undefined && body.goods_id !== '') q = q.where('goods_id', '=', idOf(body.goods_id));
    if (body.state !== undefined && body.state !== '') {
      if (!isLinkState(body.state)) throw fail.badInput('状态的取值无效', { state: '状态的取值无效' });
      q = q.where('state', '=', body.state);
    }
    const base = publicBase(ctx, request);
    const now = ctx.now();
    // One row past the limit says the answer was cut (`truncated`), rather than look complete.
    const found = await q.execute();
    const list = found.slice(0, EXPORT_MAX).map((t) => ({
      id: Number(t.id),
      identifier: t.identifier,
      ...linksOf(base, t.token),
      state: effectiveState(t.state, Number(t.expires_at), now),
      expires_at: formatTime(Number(t.expires_at), tz),
    }));
    return ok({ list, total: list.length, ...(found.length > EXPORT_MAX ? { truncated: true } : {}) });
  });
}

/** Why 完成 changed nothing: the link as it is now. */
async function finishRefusal(ctx: Ctx, userId: number, id: number) {
  const link = await ctx.db
    .selectFrom('tokens')
    .select(['state', 'expires_at', 'code_count', 'kind'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!link) return fail.notFound('号码不存在');
  if (link.kind === 'rent') return fail.conflict('租用号码请用“结束”操作');
  if (link.state === 'finished') return fail.conflict('该号码已完成');
  if (link.state === 'refunded' || link.state === 'revoked') return fail.conflict('该号码已退款或已撤销');
  if (Number(link.expires_at) <= ctx.now() || link.state === 'expired') return fail.conflict('该号码已过期');
  return fail.conflict('还没有收到验证码，不能完成；不需要了可以点“取消”退款');
}
