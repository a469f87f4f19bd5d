import type { FastifyInstance } from 'fastify';
import { resources } from '../../resources.config.js';
import type { Ctx } from '../platform/context.js';
import { ok } from '../platform/http/envelope.js';
import { prepared } from '../platform/db/fast-query.js';
import { readOne } from '../platform/crud/routes.js';
import { idOf } from '../platform/http/ids.js';
import { serializeRows } from '../platform/crud/serialize.js';
import { roleOfRequest } from '../platform/http/auth.js';

const RECENT = 10;

/** Who reads a notice: customers see those for customers (the default) and for all; staff those for staff and for all. */
const AUDIENCES = { customer: ['customer', 'all'], staff: ['staff', 'all'] } as const;
type Reader = keyof typeof AUDIENCES;

/** What every logged-in user reads: the recent notices and the current announcement meant for them. */
export function registerNoticeRoutes(app: FastifyInstance, ctx: Ctx): void {
  const def = resources.notices;
  const tz = ctx.settings.timeZone;
  const columns = ['id', 'title', 'content', 'popup', 'day', 'create_at'] as const;

  // Read on every page load of the console: served as prepared JSON from the short-lived read cache.
  const recentRows = prepared((db) =>
    db.selectFrom('notices').select(columns).where('audience', 'in', ['customer', 'all']).orderBy('id', 'desc').limit(RECENT),
  );
  const readerOf = (request: Parameters<typeof roleOfRequest>[0]): Reader => (roleOfRequest(request) === 'sup' ? 'staff' : 'customer');
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
