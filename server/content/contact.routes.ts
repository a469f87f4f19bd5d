import type { FastifyInstance } from 'fastify';
import type { FieldDef } from '../../resources.config.js';
import type { Ctx } from '../platform/context.js';
import { ok } from '../platform/http/envelope.js';
import { validateFields } from '../platform/http/validate.js';
import { sanitizeHtml } from '../platform/lib/sanitize-html.js';

const CONTACT = 'contact';
const contactFields: Record<string, FieldDef> = { content: { label: '联系方式内容', type: 'html', max: 20000 } };

/** The contact ("联系我们") HTML: readable by anyone, written by sup, sanitized both ways. */
export function registerContactRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/config/index', { config: { access: 'public' } }, async () => {
    const row = await ctx.db.selectFrom('settings').select('value').where('key', '=', CONTACT).executeTakeFirst();
    return ok({ content: sanitizeHtml(row?.value ?? '') });
  });

  app.post('/api/config/edit', { config: { access: 'sup' } }, async (request) => {
    const values = validateFields(contactFields, request.body, 'add', { tz: ctx.settings.timeZone });
    const value = sanitizeHtml(String(values.content ?? ''));
    const now = ctx.now();
    await ctx.db.insertInto('settings').values({ key: CONTACT, value, update_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, update_at: now }))
      .execute();
    return ok({ content: value }, '保存成功');
  });
}
