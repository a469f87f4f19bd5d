import type { FastifyInstance } from 'fastify';
import { resources } from '../../../resources.config.js';
import type { Ctx } from '../../platform/context.js';
import { fail, ok } from '../../platform/http/envelope.js';
import { objectBody, rejectUnknown, validateFields } from '../../platform/http/validate.js';
import { formatTime } from '../../platform/lib/time.js';
import { readOne } from '../../platform/crud/routes.js';
import { idOf } from '../../platform/http/ids.js';
import { deviceSeen } from './seen.js';
import { bindNumbers } from './bind.js';
import { adoptSlotNumbers } from '../numbers/records.js';
import { audit, auditCtxOf } from '../../audit/index.js';
import { deviceHooks, newDeviceKey, newDeviceSecret, sealSecret, webhookUrl } from './devices.js';

/**
 * `POST /api/device/add` makes a device and answers its webhook URL and its secret, the only time
 * the secret is sent; `POST /api/device/secret` replaces the secret (the old one stops working at
 * once) and answers the new one, once. Neither is logged (request bodies and answers never are).
 */
const SILENT_SHOWN = 20;
/** 50,000 numbers, as a stock import. */
const BIND_BODY_LIMIT = 2 * 1024 * 1024;

export function registerDeviceRoutes(app: FastifyInstance, ctx: Ctx): void {
  const def = resources.devices;

  app.post('/api/device/add', { config: { access: 'sup:intake' } }, async (request) => {
    const values = validateFields(def.fields, request.body, 'add', { tz: ctx.settings.timeZone });
    const secret = newDeviceSecret();
    const key = newDeviceKey();
    const who = auditCtxOf(request, ctx);
    const inserted = await ctx.db.transaction().execute(async (trx) => {
      const made = await trx
        .insertInto('devices')
        .values({
          name: String(values.name),
          sim1: (values.sim1 as string | null) ?? null,
          sim2: (values.sim2 as string | null) ?? null,
          enabled: values.enabled === undefined ? 1 : Number(values.enabled),
          remark: (values.remark as string | null) ?? null,
          key,
          secret_enc: sealSecret(ctx, secret),
          create_at: ctx.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await adoptSlotNumbers(trx, ctx.now(), [Number(made.id)]);
      await audit(trx, who, {
        action: 'device.add',
        category: 'intake',
        targetType: 'device',
        targetId: Number(made.id),
        summary: `新增设备 #${made.id} ${String(values.name)}（密钥已显示一次，不记录）`,
        after: values,
      });
      return made;
    });
    const row = await readOne(ctx, def, request, Number(inserted.id), deviceHooks);
    return ok({ ...row, webhook_url: webhookUrl(ctx, request, key), secret }, '设备已添加：密钥只显示这一次，请立即复制');
  });

  // The sup's home: enabled devices that have sent nothing for DEVICE_SILENT_MINUTES (phones killed in the background).
  app.get('/api/device/silent', { config: { access: 'sup:intake' } }, async () => {
    await deviceSeen(ctx.database).flush(); // what this process saw and has not written yet
    const since = ctx.now() - ctx.settings.deviceSilentMs;
    const rows = await ctx.db
      .selectFrom('devices')
      .select(['id', 'name', 'last_seen_at', 'create_at'])
      .where('enabled', '=', 1)
      .where((eb) => eb.or([eb('last_seen_at', '<', since), eb.and([eb('last_seen_at', 'is', null), eb('create_at', '<', since)])]))
      .orderBy('last_seen_at')
      .orderBy('id')
      .limit(SILENT_SHOWN + 1)
      .execute();
    return ok({
      minutes: Math.round(ctx.settings.deviceSilentMs / 60_000),
      more: rows.length > SILENT_SHOWN,
      list: rows
        .slice(0, SILENT_SHOWN)
        .map((r) => ({ id: Number(r.id), name: r.name, last_seen_at: formatTime(r.last_seen_at, ctx.settings.timeZone) })),
    });
  });

  // Stock numbers only this device may deliver to (or no longer: unbind).
  app.post('/api/device/bind', { config: { access: 'sup:intake' }, bodyLimit: BIND_BODY_LIMIT }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['id', 'text', 'unbind']);
    if (typeof body.text !== 'string') throw fail.badInput('请填写要绑定的号码', { text: '请填写要绑定的号码' });
    const unbind = body.unbind === true;
    const result = await bindNumbers(ctx, idOf(body.id), body.text, unbind);
    const missing = result.missing ? `，${result.missing} 个号码不在库存中` : '';
    return ok(result, `${unbind ? '已解除绑定' : '已绑定'} ${result.changed} 条库存${missing}`);
  });

  app.post('/api/device/secret', { config: { access: 'sup:intake' } }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['id']);
    const id = idOf(body.id);
    const secret = newDeviceSecret();
    const who = auditCtxOf(request, ctx);
    const updated = await ctx.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('devices')
        .set({ secret_enc: sealSecret(ctx, secret) })
        .where('id', '=', id)
        .returning('key')
        .executeTakeFirst();
      if (row)
        await audit(trx, who, {
          action: 'key.shown',
          category: 'keys',
          targetType: 'device',
          targetId: id,
          summary: `重置设备 #${id} 的密钥（新密钥已显示一次，不记录）`,
        });
      return row;
    });
    if (!updated) throw fail.notFound('设备不存在');
    return ok({ id, webhook_url: webhookUrl(ctx, request, updated.key), secret }, '新密钥已生成：只显示这一次，旧密钥立即失效');
  });
}
