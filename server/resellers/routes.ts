import type { FastifyInstance } from 'fastify';
import { resellerSiteFields, resellerTransferFields, type FieldDef } from '../../resources.config.js';
import type { Ctx } from '../platform/context.js';
import { sessionOf } from '../platform/http/auth.js';
import { fail, ok } from '../platform/http/envelope.js';
import { objectBody, rejectUnknown, validateFields } from '../platform/http/validate.js';
import { positiveInt, applyFilters } from '../platform/crud/query.js';
import { sanitizeHtml } from '../platform/lib/sanitize-html.js';
import { toDollars } from '../platform/lib/money.js';
import { formatTime } from '../platform/lib/time.js';
import { publicBase } from '../platform/http/public-url.js';
import { readContact } from '../content/index.js';
import { audit, auditCtxOf } from '../audit/index.js';
import { MAIN_SITE_NAME, siteOf } from './sites.js';
import { customerProfits, resellerFigures } from './figures.js';
import { transferToCustomer } from './transfer.js';

/** What a reseller may change of its own site (the host, settling and enabling are the owner's). */
const siteFields = resellerSiteFields as Record<string, FieldDef>;
const transferFields = resellerTransferFields as Record<string, FieldDef>;
const MAX_PAGE_SIZE = 100;

/**
 * `GET /api/site` (open): the site the request came to, its name, contact and notice; a reseller's
 * (by its host) or the main site's. 我的分站 (the reseller's own calls, `customer:reseller`): its
 * site and figures, its settings, its customers (read only), moving money to one of them.
 */
export function registerResellerRoutes(app: FastifyInstance, ctx: Ctx): void {
  const tz = ctx.settings.timeZone;

  app.get('/api/site', { config: { access: 'public' } }, async (request) => {
    const site = await siteOf(ctx, request);
    if (site) {
      return ok({ name: site.name, contact: sanitizeHtml(site.contact ?? ''), notice: sanitizeHtml(site.notice ?? ''), reseller: true });
    }
    return ok({ name: MAIN_SITE_NAME, contact: await readContact(ctx.db), notice: '', reseller: false });
  });

  app.get('/api/reseller/site', { config: { access: 'customer:reseller' } }, async (request) => {
    const { user } = sessionOf(request);
    const r = await ctx.db.selectFrom('resellers').selectAll().where('user_id', '=', user.id).executeTakeFirst();
    if (!r) throw fail.notFound('您还没有开通分站');
    const figures = (await resellerFigures(ctx.db, [user.id])).get(user.id)!;
    const base = publicBase(ctx, request);
    return ok({
      site_name: r.site_name,
      host: r.host,
      url: `${base.slice(0, base.indexOf('//') + 2)}${r.host}`,
      markup: toDollars(Number(r.markup)),
      contact: sanitizeHtml(r.contact ?? ''),
      notice: sanitizeHtml(r.notice ?? ''),
      settle_days: Number(r.settle_days),
      enabled: Number(r.enabled) === 1,
      create_at: formatTime(Number(r.create_at), tz),
      ...figures,
    });
  });

  app.post('/api/reseller/site/edit', { config: { access: 'customer:reseller' } }, async (request) => {
    const values = validateFields(siteFields, request.body, 'edit', { tz });
    if (!Object.keys(values).length) throw fail.badInput('请提供要保存的设置');
    const { user } = sessionOf(request);
    const row: Record<string, unknown> = { ...values };
    for (const f of ['contact', 'notice'] as const) if (f in values) row[f] = sanitizeHtml(String(values[f] ?? ''));
    const who = auditCtxOf(request, ctx);
    await ctx.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('resellers')
        .select(['id', 'site_name', 'contact', 'notice', 'markup'])
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!before) throw fail.notFound('您还没有开通分站');
      await trx.updateTable('resellers').set(row).where('id', '=', before.id).execute();
      await audit(trx, who, {
        action: 'reseller.site',
        category: 'settings',
        targetType: 'reseller',
        targetId: Number(before.id),
        summary: `分站修改站点设置：${Object.keys(values).join('、')}`,
        before: Object.fromEntries(Object.keys(values).map((k) => [k, before[k as keyof typeof before]])),
        after: row,
      });
    });
    return ok(null, '保存成功');
  });

  app.post('/api/reseller/customers', { config: { access: 'customer:reseller' } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const page = positiveInt(query.page, '页码', 1, 100_000);
    const pageSize = positiveInt(query.pageSize, '每页条数', 20, MAX_PAGE_SIZE);
    const body = objectBody(request.body);
    rejectUnknown(body, ['keyword']);
    if (body.keyword !== undefined && (typeof body.keyword !== 'string' || body.keyword.length > 32)) {
      throw fail.badInput('关键词必须是 32 个字符以内的文本', { keyword: '关键词必须是 32 个字符以内的文本' });
    }
    const { user } = sessionOf(request);
    let q = ctx.db.selectFrom('users').where('reseller_id', '=', user.id);
    if (body.keyword) q = applyFilters(q, [{ column: 'username', op: 'contains', value: body.keyword }]);
    const [{ total }, rows] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      q
        .select(['id', 'username', 'balance', 'create_at'])
        .select((eb) =>
          eb
            .selectFrom('orders')
            .select((o) => o.fn.countAll<number>().as('n'))
            .whereRef('orders.user_id', '=', 'users.id')
            .as('orders'),
        )
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
    ]);
    const profits = await customerProfits(
      ctx.db,
      user.id,
      rows.map((r) => Number(r.id)),
    );
    return ok({
      list: rows.map((r) => ({
        id: Number(r.id),
        username: r.username,
        balance: toDollars(Number(r.balance)),
        orders: Number(r.orders ?? 0),
        ...(profits.get(Number(r.id)) ?? { profit: 0, profit_reversed: 0 }),
        create_at: formatTime(Number(r.create_at), tz),
      })),
      total: Number(total),
    });
  });

  app.post('/api/reseller/transfer', { config: { access: 'customer:reseller' } }, async (request) => {
    const values = validateFields(transferFields, request.body, 'add', { tz });
    const { user } = sessionOf(request);
    const r = await transferToCustomer(
      ctx,
      {
        resellerId: user.id,
        customerId: values.user_id as number,
        amount: values.amount as number,
        remark: (values.remark as string) ?? null,
      },
      auditCtxOf(request, ctx),
    );
    return ok(
      { balance: toDollars(r.balance), customer_balance: toDollars(r.customerBalance) },
      `已划款 $${toDollars(values.amount as number).toFixed(2)}`,
    );
  });
}
