import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { bearer } from '../platform/http/auth.js';
import { fail, ok } from '../platform/http/envelope.js';
import { objectBody, rejectUnknown } from '../platform/http/validate.js';
import { defaultPricing, resellerPricing, userPricing, type Pricing } from '../pricing/index.js';
import { siteOf } from '../resellers/index.js';
import { positiveInt } from '../platform/crud/query.js';
import { resolveSession } from '../accounts/index.js';
import { listProducts, type ProductFilter } from './products.js';

const MAX_PAGE_SIZE = 100;
/** The largest id a column of PostgreSQL's `integer` holds: a larger one finds nothing and is refused. */
const MAX_ID = 2_147_483_647;

/**
 * `POST /api/store/data`: the products on sale, open to everyone. With a valid login the prices
 * are that user's (group rate and discounts; a reseller's customer, the reseller's); without one (or
 * with an expired one) what a new account pays: on a reseller's host, a new customer of that reseller.
 */
export function registerStoreRoutes(app: FastifyInstance, ctx: Ctx): void {
  async function pricingFor(request: FastifyRequest): Promise<Pricing> {
    const token = bearer(request);
    if (token) {
      const session = await resolveSession(ctx.database, token, ctx.now(), {
        ttlMs: ctx.settings.sessionTtlMs,
        rotateMs: Number.MAX_SAFE_INTEGER,
      }).catch(() => null);
      if (session) return userPricing(ctx.db, session.user.id);
    }
    return visitorPricing(ctx, request);
  }

  app.post('/api/store/data', { config: { access: 'public' } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const page = positiveInt(query.page, '页码', 1, 100_000);
    const pageSize = positiveInt(query.pageSize, '每页条数', 20, MAX_PAGE_SIZE);
    const body = objectBody(request.body);
    rejectUnknown(body, ['channel', 'keyword', 'id']);
    if (body.channel !== undefined && body.channel !== '' && body.channel !== 'sms' && body.channel !== 'mail') {
      throw fail.badInput('类型只能是 sms 或 mail', { channel: '类型只能是 sms 或 mail' });
    }
    if (body.keyword !== undefined && (typeof body.keyword !== 'string' || body.keyword.length > 100)) {
      throw fail.badInput('关键词必须是 100 个字符以内的文本', { keyword: '关键词必须是 100 个字符以内的文本' });
    }
    // One product by its id: the one a visitor chose before logging in (its buy dialog opens after).
    if (body.id !== undefined && (!Number.isInteger(body.id) || (body.id as number) < 1 || (body.id as number) > MAX_ID)) {
      throw fail.badInput('商品编号必须是正整数', { id: '商品编号必须是正整数' });
    }
    const filter = { page, pageSize, channel: body.channel || undefined, keyword: body.keyword || undefined, id: body.id } as ProductFilter;
    return ok(await listProducts(ctx, filter, await pricingFor(request)));
  });
}

/** What a visitor is shown: a new customer's prices of the site they came to (a reseller's, or the main site's). */
export async function visitorPricing(ctx: Ctx, request: FastifyRequest): Promise<Pricing> {
  const site = await siteOf(ctx, request);
  return (site && (await resellerPricing(ctx.db, site.userId))) || defaultPricing(ctx.db);
}
