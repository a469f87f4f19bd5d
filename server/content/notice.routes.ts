import type { FastifyInstance } from 'fastify';
import { resources } from '../../resources.config.js';
import type { Ctx } from '../platform/context.js';
import { ok } from '../platform/http/envelope.js';
import { prepared } from '../platform/db/fast-query.js';
import { readOne } from '../platform/crud/routes.js';
import { idOf } from '../platform/http/ids.js';
import { serializeRows } from '../platform/crud/serialize.js';

const RECENT = 10;

/** What every logged-in user reads: the recent notices and the current announcement. */
export function registerNoticeRoutes(app: FastifyInstance, ctx: Ctx): void {
  const def = resources.notices;
  const tz = ctx.settings.timeZone;
  const columns = ['id', 'title', 'content', 'popup', 'day', 'create_at'] as const;

  // Read on every page load of the console: served as prepared JSON from the short-lived read cache.
  const recentRows = prepared((db) => db.selectFrom('notices').select(columns).orderBy('id', 'desc').limit(RECENT));
  app.get('/api/notice/recent', { config: { access: 'any' } }, async (_request, reply) => {
    const json = await ctx.database.caches.get('notices:recent', ctx.now(), async () => {
      const list = serializeRows(def, await recentRows(ctx.database, [RECENT]), 'customer', tz);
      return JSON.stringify(ok({ list }));
    });
    return reply.type('application/json; charset=utf-8').send(json);
  });

  // Without an id: the current announcement, for everyone. With one: that notice, for sup (the editor).
  app.get('/api/notice/detail', { config: { access: 'any' } }, async (request) => {
    const { id } = request.query as { id?: string };
    if (id !== undefined) return ok(await readOne(ctx, def, request, idOf(id)));
    const row = await ctx.db.selectFrom('notices').select(columns).where('popup', '=', 1).orderBy('id', 'desc').limit(1).executeTakeFirst();
    return ok(row ? serializeRows(def, [row], 'customer', tz)[0] : null);
  });
}
