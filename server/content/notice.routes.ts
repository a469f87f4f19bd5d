import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resources } from '../../resources.config.js';
import type { Ctx } from '../platform/context.js';
import { ok } from '../platform/http/envelope.js';
import { prepared } from '../platform/db/fast-query.js';
import { readOne } from '../platform/crud/routes.js';
import { idOf } from '../platform/http/ids.js';
import { serializeRows } from '../platform/crud/serialize.js';
import { roleOfRequest } from '../platform/http/auth.js';

const RECENT = 10;

/**
 * Who reads a notice. Customers see those for customers (the default) and for all, and on the main
 * site those for the main site's customers; on a reseller's host (`request.ownSite`) not those, which
 * may name the main site or its contacts (docs/resellers.md). Staff see those for staff and for all.
 * Three values each, so the prepared reads take one shape (a repeated value matches nothing more).
 */
const AUDIENCES = {
  customer: ['customer', 'all', 'main'],
  resold: ['customer', 'all', 'all'],
  staff: ['staff', 'all', 'all'],
} as const;
type Reader = keyof typeof AUDIENCES;

/** What every logged-in user reads: the recent notices and the current announcement meant for them. */
export function registerNoticeRoutes(app: FastifyInstance, ctx: Ctx): void {
  const def = resources.notices;
  const tz = ctx.settings.timeZone;
  const columns = ['id', 'title', 'content', 'popup', 'day', 'create_at'] as const;

  // Read on every page load of the console: served as prepared JSON from the short-lived read cache.
  const recentRows = prepared((db) =>
    db
      .selectFrom('notices')
      .select(columns)
      .where('audience', 'in', [...AUDIENCES.customer])
      .orderBy('id', 'desc')
      .limit(RECENT),
  );
  const readerOf = (request: FastifyRequest): Reader =>
    roleOfRequest(request) === 'sup' ? 'staff' : request.ownSite ? 'resold' : 'customer';
  app.get('/api/notice/recent', { config: { access: 'any', openDuringTotpSetup: true } }, async (request, reply) => {
    const reader = readerOf(request);
    const json = await ctx.database.caches.get(`notices:recent:${reader}`, ctx.now(), async () => {
      const list = serializeRows(def, await recentRows(ctx.database, [...AUDIENCES[reader], RECENT]), 'customer', tz);
      return JSON.stringify(ok({ list }));
    });
    return reply.type('application/json; charset=utf-8').send(json);
  });

  // Without an id: the current announcement for the caller. With one: that notice, for sup (the editor).
  app.get('/api/notice/detail', { config: { access: 'any', openDuringTotpSetup: true } }, async (request) => {
    const { id } = request.query as { id?: string };
    if (id !== undefined) return ok(await readOne(ctx, def, request, idOf(id)));
    const row = await ctx.db
      .selectFrom('notices')
      .select(columns)
      .where('popup', '=', 1)
      .where('audience', 'in', [...AUDIENCES[readerOf(request)]])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return ok(row ? serializeRows(def, [row], 'customer', tz)[0] : null);
  });
}
