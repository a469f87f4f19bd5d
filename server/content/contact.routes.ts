import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { FieldDef } from '../../resources.config.js';
import type { Ctx } from '../platform/context.js';
import type { DB } from '../schema/tables.js';
import { fail, ok } from '../platform/http/envelope.js';
import { validateFields } from '../platform/http/validate.js';
import { sanitizeHtml } from '../platform/lib/sanitize-html.js';
import { REGISTER_OPEN, registerOpen } from './register-switch.js';
import { callerOf } from '../platform/http/auth.js';
import { checkSupTotpChange, REQUIRE_SUP_TOTP, supTotpRequired } from './sup-totp-switch.js';
import { audit, auditCtxOf } from '../audit/index.js';

const CONTACT = 'contact';
const configFields: Record<string, FieldDef> = {
  content: { label: '联系方式内容', type: 'html', max: 20000 },
  register_open: { label: '开放注册', type: 'bool', required: true },
  require_sup_totp: { label: '强制管理员两步验证', type: 'bool', required: true },
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
    if ('require_sup_totp' in values) await checkSupTotpChange(ctx.db, callerOf(request), Boolean(values.require_sup_totp));
    const now = ctx.now();
    const who = auditCtxOf(request, ctx);
    // The settings and their audit row commit together.
    await ctx.db.transaction().execute(async (trx) => {
      const before = { ...(await readConfig(trx)), require_sup_totp: await supTotpRequired(trx) };
      if ('content' in values) await save(trx, CONTACT, sanitizeHtml(String(values.content ?? '')), now);
      if ('register_open' in values) await save(trx, REGISTER_OPEN, values.register_open ? '1' : '0', now);
      if ('require_sup_totp' in values) await save(trx, REQUIRE_SUP_TOTP, values.require_sup_totp ? '1' : '0', now);
      const after = { ...(await readConfig(trx)), require_sup_totp: await supTotpRequired(trx) };
      await audit(trx, who, {
        action: 'config.edit',
        category: 'settings',
        targetType: 'settings',
        summary: `修改站点设置：${Object.keys(values).join('、')}`,
        before,
        after,
      });
    });
    // 强制管理员两步验证 is answered to the sup only, not on the public config/index.
    return ok({ ...(await readConfig(ctx.db)), require_sup_totp: await supTotpRequired(ctx.db) }, '保存成功');
  });
}

async function readConfig(db: Kysely<DB>) {
  return { content: await readContact(db), register_open: await registerOpen(db) };
}

/** The main site's contact details (联系方式), sanitized. */
export async function readContact(db: Kysely<DB>): Promise<string> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', CONTACT).executeTakeFirst();
  return sanitizeHtml(row?.value ?? '');
}

async function save(db: Kysely<DB>, key: string, value: string, now: number): Promise<void> {
  await db
    .insertInto('settings')
    .values({ key, value, update_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value, update_at: now }))
    .execute();
}
