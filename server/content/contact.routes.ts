import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { FieldDef } from '../../resources.config.js';
import type { Ctx } from '../platform/context.js';
import type { DB } from '../schema/tables.js';
import { fail, ok } from '../platform/http/envelope.js';
import { validateFields } from '../platform/http/validate.js';
import { sanitizeHtml } from '../platform/lib/sanitize-html.js';
import { REGISTER_OPEN, registerOpen } from './register-switch.js';

const CONTACT = 'contact';
const configFields: Record<string, FieldDef> = {
  content: { label: '联系方式内容', type: 'html', max: 20000 },
  register_open: { label: '开放注册', type: 'bool', required: true },
};

/**
 * The system settings everyone may read: the contact ("联系我们") HTML, sanitized both ways, and
 * whether self-registration is open (the login page hides its link when not). Written by sup; each
 * setting sent is saved, the others are left as they are.
 */
export function registerContactRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/config/index', { config: { access: 'public' } }, async () => ok(await readConfig(ctx.db)));

  app.post('/api/config/edit', { config: { access: 'sup' } }, async (request) => {
    const values = validateFields(configFields, request.body, 'edit', { tz: ctx.settings.timeZone });
    if (!Object.keys(values).length) throw fail.badInput('请提供要保存的设置');
    const now = ctx.now();
    if ('content' in values) await save(ctx.db, CONTACT, sanitizeHtml(String(values.content ?? '')), now);
    if ('register_open' in values) await save(ctx.db, REGISTER_OPEN, values.register_open ? '1' : '0', now);
    return ok(await readConfig(ctx.db), '保存成功');
  });
}

async function readConfig(db: Kysely<DB>) {
  const row = await db.selectFrom('settings').select('value').where('key', '=', CONTACT).executeTakeFirst();
  return { content: sanitizeHtml(row?.value ?? ''), register_open: await registerOpen(db) };
}

async function save(db: Kysely<DB>, key: string, value: string, now: number): Promise<void> {
  await db.insertInto('settings').values({ key, value, update_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, update_at: now }))
    .execute();
}
