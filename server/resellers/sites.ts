import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { publicHostname } from '../platform/http/public-url.js';

/** An enabled reseller's site, as its host shows it. */
export interface Site {
  /** The reseller's user id. */
  userId: number;
  name: string;
  host: string;
  contact: string | null;
  notice: string | null;
}

/** A host as stored and compared: lower case, without a port or a trailing dot. */
export function hostKey(raw: string): string {
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[')) return host;
  host = host.replace(/:\d+$/, '');
  return host.endsWith('.') ? host.slice(0, -1) : host;
}

/**
 * Every enabled reseller's site by host, from the hot-read cache (emptied by any write of this
 * process; another process's edit shows within READ_CACHE_MS): one small table, read whole.
 */
async function sitesByHost(ctx: Ctx): Promise<Map<string, Site>> {
  return ctx.database.caches.get('resellers:hosts', ctx.now(), async () => {
    const rows = await ctx.db
      .selectFrom('resellers')
      .select(['user_id', 'site_name', 'host', 'contact', 'notice'])
      .where('enabled', '=', 1)
      .execute();
    return new Map(
      rows.map((r) => [
        r.host,
        { userId: Number(r.user_id), name: r.site_name, host: r.host, contact: r.contact, notice: r.notice } satisfies Site,
      ]),
    );
  });
}

const found = new WeakMap<FastifyRequest, Site | null>();

/**
 * The reseller site a request came to: its Host (or, behind TRUST_PROXY, the forwarded host, as
 * Fastify reads it), when that is an enabled reseller's host. PUBLIC_URL's own host and addresses
 * are the main site without a lookup.
 */
export async function siteOf(ctx: Ctx, request: FastifyRequest): Promise<Site | null> {
  if (found.has(request)) return found.get(request)!;
  const host = hostKey(request.hostname ?? '');
  const site =
    !host || isIP(host) || host === 'localhost' || host === publicHostname(ctx) ? null : ((await sitesByHost(ctx)).get(host) ?? null);
  found.set(request, site);
  return site;
}

/**
 * Marks each request to a reseller's host as a site of its own (`request.ownSite`), so the links and
 * the protocol's address it is given keep that host (server/platform/http/public-url.ts).
 */
export function installSites(app: FastifyInstance, ctx: Ctx): void {
  app.decorateRequest('ownSite', false);
  app.addHook('onRequest', async (request) => {
    if (await siteOf(ctx, request)) request.ownSite = true;
  });
}

/** The main site's name (its brand in the console, /store and /login). */
export const MAIN_SITE_NAME = '接码平台';
