import type { FastifyInstance } from 'fastify';
import { resources } from '../../resources.config.js';
import type { Ctx } from '../platform/context.js';
import { deliverMessage, assignableLinks, assignMessage, type LinkSearch } from '../codes/index.js';
import { fail, ok } from '../platform/http/envelope.js';
import { objectBody, rejectUnknown, validateFields } from '../platform/http/validate.js';
import { idOf } from '../platform/http/ids.js';
import { readOne } from '../platform/crud/routes.js';

/**
 * `POST /api/message/add`: the sup enters a message by hand (a supplier read it off a phone, a
 * manual supplier sent it in a chat) for a number or mailbox; it goes the same way as any inbound
 * message (deliverMessage), and the answer says whether it reached a link or why not.
 * `POST /api/message/links` and `/api/message/assign`: a code that reached no link is given to one
 * by the sup.
 */
export function registerMessageRoutes(app: FastifyInstance, ctx: Ctx): void {
  const def = resources.messages;
  app.post('/api/message/add', { config: { access: 'sup:intake' } }, async (request) => {
    const values = validateFields(def.fields, request.body, 'add', { tz: ctx.settings.timeZone });
    const delivery = await deliverMessage(ctx, {
      source: 'manual',
      recipient: String(values.recipient),
      sender: (values.sender as string | null) ?? null,
      text: String(values.text),
      receivedAt: ctx.now(),
    });
    const row = await readOne(ctx, def, request, delivery.messageId);
    const outcome = delivery.tokenIds.length
      ? `已录入，验证码 ${delivery.code} 已送达 ${delivery.tokenIds.length} 个链接`
      : `已录入，但未送达任何链接：${delivery.reason ?? '未知原因'}`;
    return ok(row, outcome);
  });

  // A code that reached no link (several customers hold the number, no rule told whose): the links it may go to, then the sup's choice.
  app.post('/api/message/links', { config: { access: 'sup:intake' } }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['id', 'q', 'all']);
    const search = linkSearch(body);
    const states: Record<string, { label: string }> = resources.tokens.fields.state.options;
    return ok((await assignableLinks(ctx, idOf(body.id), search)).map((l) => ({ ...l, state_label: states[l.state]?.label ?? l.state })));
  });

  app.post('/api/message/assign', { config: { access: 'sup:intake' } }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['id', 'token_id']);
    const messageId = idOf(body.id);
    const { code } = await assignMessage(ctx, messageId, idOf(body.token_id));
    return ok(await readOne(ctx, def, request, messageId), `验证码 ${code} 已送达链接 #${idOf(body.token_id)}`);
  });
}

/** `q`: digits of the number sought (a message whose recipient is unknown); `all`: every app, not only the one the sender names. */
function linkSearch(body: Record<string, unknown>): LinkSearch {
  if (body.q !== undefined && (typeof body.q !== 'string' || body.q.length > 32))
    throw fail.badInput('搜索的号码最多 32 个字符', { q: '搜索的号码最多 32 个字符' });
  if (body.all !== undefined && typeof body.all !== 'boolean')
    throw fail.badInput('参数 all 只能是 true 或 false', { all: '参数 all 只能是 true 或 false' });
  return { q: body.q as string | undefined, all: body.all as boolean | undefined };
}
