import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { callerOf, sessionOf } from '../platform/http/auth.js';
import { fail, ok } from '../platform/http/envelope.js';
import { idOf } from '../platform/http/ids.js';
import { Buckets } from '../platform/http/token-buckets.js';
import { objectBody, rejectUnknown } from '../platform/http/validate.js';
import { formatTime } from '../platform/lib/time.js';
import { badUrl, resolveTarget } from './address.js';
import { STOPPED_BY_PAUSE, type Dispatcher, type ManualSlot } from './dispatch.js';
import { configView, endpointOf, makeSecret } from './endpoints.js';
import { maskedSecret, newEventId } from './sign.js';
import { wakeDeliveries } from './wake.js';
import { auditIfSwitched } from '../audit/index.js';

/** Tests and 重发 a user may start: 10 a minute, bursts of 5, one at a time (each waits on the customer's server). */
const MANUAL_PER_MINUTE = 10;
const MANUAL_BURST = 5;
/** Events stopped by a pause this recently are sent again when the endpoint is resumed. */
const REQUEUE_WINDOW_MS = 24 * 3_600_000;
/** After a new secret, how long another is refused: calls made at once all leave the one secret that is stored. */
const ROTATE_QUIET_MS = 10_000;
const ROTATED_JUST_NOW = '签名密钥刚刚已更换，请使用刚才显示的新密钥；如需再次更换，请稍后再试';

/**
 * A customer's webhook on user/info: the URL and its switch (the first save makes the secret and
 * answers it once), a new secret (the old one ends at once), a test event, and 重发 of a failed
 * delivery. The secret is the customer's: a sup who switched into the account gets none.
 */
export function registerWebhookRoutes(app: FastifyInstance, ctx: Ctx, dispatcher: Dispatcher): void {
  const tz = ctx.settings.timeZone;
  const manualBuckets = new Buckets(MANUAL_PER_MINUTE, MANUAL_BURST);
  const manualBusy = new Set<number>();
  /**
   * Runs a test or a 重发 that `callerId` asked for, to the endpoint `url` of `ownerId`: refused while
   * another of the caller's is on its way, past the rate, or when this process has no room for it now
   * (tests and 重发 each have a pool of their own, which never delays a code event): then with a
   * Retry-After, and a message that says it is queued, not that the user did too much.
   */
  async function manual<T>(
    kind: 'test' | 'replay',
    reply: FastifyReply,
    callerId: number,
    ownerId: number,
    url: string,
    send: (slot: ManualSlot) => Promise<T>,
  ): Promise<T> {
    if (manualBusy.has(callerId)) throw fail.conflict('上一次测试或重发还在进行，请稍后再试');
    const slot = dispatcher.manualSlot(kind, ownerId, url);
    if (!slot) {
      const wait = dispatcher.manualRetryAfterSeconds();
      reply.header('Retry-After', String(wait));
      throw fail.tooMany(`${kind === 'test' ? '回调测试' : '回调重发'}排队中，请 ${wait} 秒后再试`);
    }
    manualBusy.add(callerId);
    try {
      const wait = manualBuckets.take(String(callerId), ctx.now());
      if (wait) throw fail.tooMany(`测试和重发太频繁，请 ${wait} 秒后再试`);
      return await send(slot);
    } finally {
      manualBusy.delete(callerId);
      slot.release();
    }
  }
  /** Customers whose secret is being changed here, and when each last got a new one. */
  const rotating = new Set<number>();
  const rotatedAt = new Map<number, number>();
  const userOf = (request: FastifyRequest) => sessionOf(request).user.id;
  const switched = (request: FastifyRequest) => sessionOf(request).managerId !== null;
  const noSecretWhenSwitched = (request: FastifyRequest) => {
    if (switched(request)) throw fail.forbidden('管理员切换进入的账号不能查看回调密钥，请由用户本人设置');
  };

  app.get('/api/webhook/config', { config: { access: 'customer' } }, async (request) =>
    ok(configView(await endpointOf(ctx.db, userOf(request)), tz)),
  );

  app.post('/api/webhook/config', { config: { access: 'customer' } }, async (request) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['url', 'enabled']);
    const userId = userOf(request);
    const existing = await endpointOf(ctx.db, userId);
    if (body.url === undefined && body.enabled === undefined) throw fail.badInput('请填写回调地址', { url: '请填写回调地址' });
    if (body.enabled !== undefined && typeof body.enabled !== 'boolean')
      throw fail.badInput('是否开启必须是 true 或 false', { enabled: '必须是 true 或 false' });
    if (body.url !== undefined && typeof body.url !== 'string') throw fail.badInput('回调地址必须是文本', { url: '回调地址必须是文本' });
    const url = typeof body.url === 'string' ? body.url.trim() : existing?.url;
    if (!url) throw fail.badInput('请填写回调地址', { url: '请填写回调地址' });
    const wrong = badUrl(url);
    if (wrong) throw fail.badInput(wrong, { url: wrong });
    if (body.url !== undefined) {
      const resolved = await resolveTarget(new URL(url), ctx.settings.webhookAllowPrivate, ctx.settings.webhookTimeoutMs);
      if (!resolved.ok) throw fail.badInput(resolved.error, { url: resolved.error });
    }
    const enabled = body.enabled === undefined ? (existing ? Number(existing.enabled) : 1) : body.enabled ? 1 : 0;
    const now = ctx.now();
    if (existing) {
      // Saving is also how a paused endpoint is resumed: the events the pause stopped in the last day are sent again.
      const resumed = enabled === 1 && existing.paused_at != null;
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('webhook_endpoints')
          .set({ url, enabled, paused_at: null, update_at: now })
          .where('user_id', '=', userId)
          .execute();
        if (resumed) {
          await trx
            .updateTable('webhook_deliveries')
            .set({ status: 'pending', attempt: 0, error: null, next_at: now })
            .where('user_id', '=', userId)
            .where('status', '=', 'failed')
            .where('error', '=', STOPPED_BY_PAUSE)
            .where('create_at', '>=', now - REQUEUE_WINDOW_MS)
            .execute();
        }
        // Where a customer's codes are sent, changed by a sup inside their account: audited, naming the sup.
        await auditIfSwitched(trx, request, ctx, {
          action: 'webhook.config',
          category: 'settings',
          targetType: 'user',
          targetId: userId,
          summary: `修改用户 #${userId} 的回调设置`,
          before: { url: existing.url, enabled: Number(existing.enabled) },
          after: { url, enabled },
        });
      });
      if (resumed) wakeDeliveries(ctx.database);
      return ok(configView(await endpointOf(ctx.db, userId), tz), enabled ? '回调设置已保存' : '回调已关闭');
    }
    noSecretWhenSwitched(request);
    const made = makeSecret(ctx.settings);
    try {
      await ctx.db
        .insertInto('webhook_endpoints')
        .values({
          user_id: userId,
          url,
          enabled,
          secret: made.sealed,
          secret_hint: made.hint,
          create_at: now,
          update_at: now,
        })
        .execute();
    } catch (err) {
      // Saved twice at once: the other save made the endpoint (and its secret). Any other failure is not that.
      if (!(await endpointOf(ctx.db, userId))) throw err;
      throw fail.conflict('回调设置已被同时保存，请刷新后重试');
    }
    return ok(
      { ...configView(await endpointOf(ctx.db, userId), tz), secret: made.secret },
      '回调已保存，签名密钥只显示这一次，请立即复制保存',
    );
  });

  /**
   * A new secret, answered once. Only one of calls made at once changes it, so the secret answered is
   * the one stored: here, one at a time and none within ROTATE_QUIET_MS of the last; across
   * processes, the change is made only over the secret that was read.
   */
  app.post('/api/webhook/rotate', { config: { access: 'customer' } }, async (request) => {
    rejectUnknown(objectBody(request.body), []);
    const userId = userOf(request);
    const existing = await endpointOf(ctx.db, userId);
    if (!existing) throw fail.notFound('请先设置回调地址');
    noSecretWhenSwitched(request);
    const last = rotatedAt.get(userId);
    if (rotating.has(userId) || (last !== undefined && ctx.now() - last < ROTATE_QUIET_MS)) throw fail.conflict(ROTATED_JUST_NOW);
    rotating.add(userId);
    try {
      const made = makeSecret(ctx.settings);
      const now = ctx.now();
      const changed = await ctx.db
        .updateTable('webhook_endpoints')
        .set({ secret: made.sealed, secret_hint: made.hint, update_at: now })
        .where('user_id', '=', userId)
        .where('secret', '=', existing.secret)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1) throw fail.conflict(ROTATED_JUST_NOW);
      rememberRotation(userId, now);
      return ok({ secret: made.secret, secret_hint: maskedSecret(made.hint) }, '签名密钥已更换，旧密钥立即失效；新密钥只显示这一次');
    } finally {
      rotating.delete(userId);
    }
  });

  function rememberRotation(userId: number, now: number) {
    // Only the recent ones matter: the map never keeps more than a burst's worth.
    if (rotatedAt.size >= 1000) for (const [user, at] of rotatedAt) if (now - at >= ROTATE_QUIET_MS) rotatedAt.delete(user);
    rotatedAt.set(userId, now);
  }

  app.post('/api/webhook/test', { config: { access: 'customer' } }, async (request, reply) => {
    rejectUnknown(objectBody(request.body), []);
    const userId = userOf(request);
    const endpoint = await endpointOf(ctx.db, userId);
    if (!endpoint) throw fail.notFound('请先设置回调地址');
    return manual('test', reply, userId, userId, endpoint.url, async (slot) => {
      const now = ctx.now();
      const held = dispatcher.holdUntil();
      const row = await ctx.db
        .insertInto('webhook_deliveries')
        .values({
          user_id: userId,
          event_id: newEventId(),
          event: 'test',
          url: endpoint.url,
          status: 'pending',
          manual: 1,
          next_at: held,
          create_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await dispatcher.sendNow(Number(row.id), held, slot);
      const view = await deliveryView(Number(row.id));
      return ok(view, outcomeText(view, '测试回调'));
    });
  });

  // As the delivery log: a customer their own; staff whose role reads orders, anyone's.
  app.post('/api/delivery/replay', { config: { access: 'own:orders' } }, async (request, reply) => {
    const body = objectBody(request.body);
    rejectUnknown(body, ['id']);
    const id = idOf(body.id);
    let q = ctx.db.selectFrom('webhook_deliveries').select(['id', 'status', 'user_id']).where('id', '=', id);
    if (callerOf(request).role === 'customer') q = q.where('user_id', '=', userOf(request));
    const found = await q.executeTakeFirst();
    if (!found) throw fail.notFound('投递记录不存在');
    if (found.status !== 'failed')
      throw fail.conflict(found.status === 'delivered' ? '该事件已送达，无需重发' : '该事件正在发送，请稍后查看');
    const endpoint = await endpointOf(ctx.db, Number(found.user_id));
    if (!endpoint) throw fail.notFound('请先设置回调地址');
    return manual('replay', reply, userOf(request), Number(found.user_id), endpoint.url, async (slot) => {
      const held = dispatcher.holdUntil();
      const r = await ctx.db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', manual: 1, next_at: held })
        .where('id', '=', id)
        .where('status', '=', 'failed')
        .executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw fail.conflict('该事件正在发送，请稍后查看');
      await dispatcher.sendNow(id, held, slot);
      const view = await deliveryView(id);
      return ok(view, outcomeText(view, '重发'));
    });
  });

  /** What a test or a replay did: delivered, failed, or (taken by the job's round first) still on its way. */
  function outcomeText(view: { status: string; http_status: number | null; error: string | null }, what: string) {
    if (view.status === 'delivered') return `${what}已送达（HTTP ${view.http_status}）`;
    if (view.status === 'pending' && !view.error) return `${what}已加入发送队列，请稍后查看结果`;
    return `${what}未送达：${view.error ?? '未知原因'}`;
  }

  async function deliveryView(id: number) {
    const d = await ctx.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'event_id', 'event', 'url', 'attempt', 'status', 'http_status', 'error', 'next_at', 'create_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return {
      ...d,
      id: Number(d.id),
      attempt: Number(d.attempt),
      http_status: d.http_status == null ? null : Number(d.http_status),
      next_at: formatTime(d.next_at == null ? null : Number(d.next_at), tz),
      create_at: formatTime(Number(d.create_at), tz),
    };
  }
}
