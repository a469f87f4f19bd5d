import type { Ctx } from '../platform/context.js';

/** The display names the sup set for a service code (接码中心 → 服务名称); `cn` null when only the English one is set. */
export interface SupServiceName {
  name: string;
  cn: string | null;
}

/**
 * Every service code the sup named, read in one query and kept in the hot-read cache (emptied by any
 * write, so a name just saved shows at once): one row per code the sup chose to name, a short table.
 */
export async function supServiceNames(ctx: Ctx): Promise<Map<string, SupServiceName>> {
  const rows = await ctx.database.caches.get('store:service-names', ctx.now(), () =>
    ctx.db.selectFrom('service_names').select(['service', 'name', 'name_cn']).execute(),
  );
  return new Map(rows.map((r) => [r.service, { name: r.name, cn: r.name_cn }]));
}
