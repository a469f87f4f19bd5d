import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type SqlBool } from 'kysely';
import type { Ctx } from '../context.js';
import { bearer } from '../http/auth.js';
import { fail, ok } from '../http/envelope.js';
import { objectBody, rejectUnknown } from '../http/validate.js';
import { toDollars } from '../lib/money.js';
import { defaultPricing, priceOf, userPricing, type Pricing } from '../pricing/lookup.js';
import { escapeLike, positiveInt } from '../resources/query.js';
import { sanitizeHtml } from '../html/sanitize.js';
import { resolveSession } from '../sessions/store.js';

const MAX_PAGE_SIZE = 100;

/**
 * `POST /api/store/data`: the products on sale, open to everyone. With a valid login the prices
 * are that user's (group rate and discounts); without one (or with an expired one) the default
 * group's, which is what a new account pays.
 */
export function registerStoreRoutes(app: FastifyInstance, ctx: Ctx): void {
  async function pricingFor(request: FastifyRequest): Promise<Pricing> {
    const token = bearer(request);
    if (token) {
      const session = await resolveSession(ctx.database, token, ctx.now(), {
        ttlMs: ctx.settings.sessionTtlMs, rotateMs: Number.MAX_SAFE_INTEGER,
      }).catch(() => null);
      if (session) return userPricing(ctx.db, session.user.id);
    }
    return defaultPricing(ctx.db);
  }

  app.post('/api/store/data', { config: { access: 'public' } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const page = positiveInt(query.page, '页码', 1, 100_000);
    const pageSize = positiveInt(query.pageSize, '每页条数', 20, MAX_PAGE_SIZE);
    const body = objectBody(request.body);
    rejectUnknown(body, ['channel', 'keyword']);
    let q = ctx.db.selectFrom('goods').where('on_sale', '=', 1);
    if (body.channel !== undefined && body.channel !== '') {
      if (body.channel !== 'sms' && body.channel !== 'mail') throw fail.badInput('类型只能是 sms 或 mail', { channel: '类型只能是 sms 或 mail' });
      q = q.where('channel', '=', body.channel);
    }
    if (body.keyword !== undefined && body.keyword !== '') {
      if (typeof body.keyword !== 'string' || body.keyword.length > 100) throw fail.badInput('关键词必须是 100 个字符以内的文本', { keyword: '关键词必须是 100 个字符以内的文本' });
      // A product is found by its title or by its SMS-Activate service code (what a script asks for).
      const word = body.keyword.trim().toLowerCase();
      q = q.where((eb) => eb.or([
        sql<SqlBool>`lower(title) like ${`%${escapeLike(word)}%`} escape '\\'`, eb(sql`lower(service)`, '=', word),
      ]));
    }
    const [{ total }, rows, pricing] = await Promise.all([
      q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      q.selectAll().orderBy('sort').orderBy('id').limit(pageSize).offset((page - 1) * pageSize).execute(),
      pricingFor(request),
    ]);
    const now = ctx.now();
    const list = rows.map((g) => {
      const price = priceOf(pricing, { id: g.id, price: g.price }, now);
      return {
        id: g.id, title: g.title, description: sanitizeHtml(g.description ?? ''), channel: g.channel, service: g.service,
        country: g.country, source: g.source, price: toDollars(price.unitPrice), base_price: toDollars(g.price),
        stock: g.source === 'stock' ? Number(g.stock) : null, valid_hours: g.valid_hours, receive_limit: g.receive_limit,
        reset_limit: g.reset_limit, renew_price: toDollars(g.renew_price), code_wait_minutes: g.code_wait_minutes,
        min_qty: g.min_qty, max_qty: g.max_qty,
      };
    });
    return ok({ list, total: Number(total) });
  });
}

