import type { FastifyInstance } from 'fastify';
import { resources } from '../../resources.config.js';
import type { Ctx } from '../context.js';
import { ok } from '../http/envelope.js';
import { prepared } from '../lib/fast-query.js';
import { idOf, readOne } from '../resources/routes.js';
import { serializeRows } from '../resources/serialize.js';

const RECENT = 10;

/** What every logged-in user reads: the recent notices and the current announcement. */
export function registerNoticeRoutes(app: FastifyInstance, ctx: Ctx): void {
  const def = resources.notices;
  const tz = ctx.settings.timeZone;
  const columns = ['id', 'title', 'content', 'popup', 'day', 'create_at'] as const;

  // Read on every page load of the console. The newest ten are read in full (and serialized) only
  // when their ids or update times differ from the last answer's; otherwise that list is reused.
  const recentKeys = prepared((db) => db.selectFrom('notices').select(['id', 'update_at']).orderBy('id', 'desc').limit(RECENT));
  const recentRows = prepared((db) => db.selectFrom('notices').select(columns).orderBy('id', 'desc').limit(RECENT));
  let last: { key: string; json: string } | undefined;
  app.get('/api/notice/recent', { config: { access: 'any' } }, async (_request, reply) => {
    const key = (await recentKeys(ctx.database, [RECENT])).map((r) => `${r.id}:${r.update_at}`).join();
    if (last?.key !== key) {
      const list = await serializeRows(ctx.db, def, await recentRows(ctx.database, [RECENT]), 'customer', tz);
      last = { key, json: JSON.stringify(ok({ list })) };
    }
    return reply.type('application/json; charset=utf-8').send(last.json);
  });

  // Without an id: the current announcement, for everyone. With one: that notice, for sup (the editor).
  app.get('/api/notice/detail', { config: { access: 'any' } }, async (request) => {
    const { id } = request.query as { id?: string };
    if (id !== undefined) return ok(await readOne(ctx, def, request, idOf(id)));
    const row = await ctx.db.selectFrom('notices').select(columns).where('popup', '=', 1).orderBy('id', 'desc').limit(1).executeTakeFirst();
    return ok(row ? (await serializeRows(ctx.db, def, [row], 'customer', tz))[0] : null);
  });
}
