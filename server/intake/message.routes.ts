import type { FastifyInstance } from 'fastify';
import { resources } from '../../resources.config.js';
import type { Ctx } from '../platform/context.js';
import { deliverMessage } from '../codes/deliver.js';
import { ok } from '../platform/http/envelope.js';
import { validateFields } from '../platform/http/validate.js';
import { readOne } from '../platform/crud/routes.js';

/**
 * `POST /api/message/add`: the sup enters a message by hand (a supplier read it off a phone, a
 * manual supplier sent it in a chat) for a number or mailbox; it goes the same way as any inbound
 * message (deliverMessage), and the answer says whether it reached a link or why not.
 */
export function registerMessageRoutes(app: FastifyInstance, ctx: Ctx): void {
  const def = resources.messages;
  app.post('/api/message/add', { config: { access: 'sup' } }, async (request) => {
    const values = validateFields(def.fields, request.body, 'add', { tz: ctx.settings.timeZone });
    const delivery = await deliverMessage(ctx, {
      source: 'manual', recipient: String(values.recipient), sender: (values.sender as string | null) ?? null,
      text: String(values.text), receivedAt: ctx.now(),
    });
    const row = await readOne(ctx, def, request, delivery.messageId);
    const outcome = delivery.tokenIds.length
      ? `已录入，验证码 ${delivery.code} 已送达 ${delivery.tokenIds.length} 个链接`
      : `已录入，但未送达任何链接：${delivery.reason ?? '未知原因'}`;
    return ok(row, outcome);
  });
}
