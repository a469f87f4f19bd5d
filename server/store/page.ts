import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { defaultPricing, resellerPricing } from '../pricing/index.js';
import { brandPage, siteOf, type Site } from '../resellers/index.js';
import { listProducts } from './products.js';

/** How long one drawing of the page serves every visitor (stock counts are that fresh). */
const FRESH_MS = 5_000;
/**
 * The products drawn into the page: the whole catalog of most shops, so the app, which lists them
 * all by service, need not load them again (a bigger catalog is drawn in part and the app loads it).
 */
const DRAWN = 500;
/** Where the pre-rendered page (scripts/prerender.mjs) waits for the products. */
const SLOT = '<div class="store-products-loading" role="status" aria-label="商品加载中"></div>';

type Render = (page: Awaited<ReturnType<typeof listProducts>>) => string;
interface Drawn {
  at: number;
  html: Buffer;
  gzip: Buffer;
}

/**
 * GET /store with the products already in the page, so a visitor sees them at the first paint: the
 * build's pre-rendered store (dist/store/index.html) with the cards drawn by the app's own components
 * (dist/ssr/store-cards.mjs) in its product slot, and their data for the app to take over without
 * loading them again. Everyone gets a new customer's prices, so one drawing serves all of a site's
 * visitors for FRESH_MS (a reseller's host: its prices, in its name). Without
 * those build files (an older build) the route is not added and /store is the pre-rendered page alone.
 */
export function registerStorePage(app: FastifyInstance, ctx: Ctx, root: string): void {
  const templateFile = path.join(root, 'store', 'index.html');
  const rendererFile = path.join(root, 'ssr', 'store-cards.mjs');
  if (!fs.existsSync(templateFile) || !fs.existsSync(rendererFile)) return;
  const template = fs.readFileSync(templateFile, 'utf8');
  if (!template.includes(SLOT)) {
    ctx.log.warn(`${templateFile} 中没有商品占位：/store 不预先绘制商品（请重新构建控制台）`);
    return;
  }
  // Loaded now, not on the first visitor's request (loading the app's components takes most of a second).
  // A broken file fails that request, as before; startup goes on.
  const render: Promise<Render> = import(pathToFileURL(rendererFile).href).then(
    (m: { renderStoreProducts: Render }) => m.renderStoreProducts,
  );
  render.catch(() => undefined);
  // One drawing per site: the main site's (key 0) and each reseller's that had visitors lately.
  const drawnFor = new Map<number, Drawn>();
  const drawingFor = new Map<number, Promise<Drawn>>();

  // A reseller's site: its visitors' prices, and the page in its name (server/resellers/brand.ts).
  const draw = async (site: Site | null): Promise<Drawn> => {
    const pricing = (site && (await resellerPricing(ctx.db, site.userId))) || (await defaultPricing(ctx.db));
    const page = await listProducts(ctx, { page: 1, pageSize: DRAWN }, pricing);
    const cards = (await render)(page);
    // The page in the site's name before the products go in: their own words are left as they are.
    const html = (site ? brandPage(template, site) : template)
      .replace(SLOT, () => `<div class="store-products-snapshot">${cards}</div>`)
      .replace('</body>', () => `<script type="application/json" id="store-products-data">${jsonInHtml(page)}</script>\n</body>`);
    return { at: Date.now(), html: Buffer.from(html), gzip: zlib.gzipSync(html) };
  };

  app.get('/store', async (request: FastifyRequest, reply: FastifyReply) => {
    const site = await siteOf(ctx, request);
    const key = site?.userId ?? 0;
    let drawn = drawnFor.get(key);
    if (!drawn || Date.now() - drawn.at > FRESH_MS) {
      // One drawing at a time however many visitors arrive together.
      let drawing = drawingFor.get(key);
      if (!drawing) {
        drawing = draw(site).finally(() => drawingFor.delete(key));
        drawingFor.set(key, drawing);
      }
      drawn = await drawing;
      // Old drawings of sites no one visits any more are dropped, not kept forever.
      for (const [k, d] of drawnFor) if (Date.now() - d.at > FRESH_MS) drawnFor.delete(k);
      drawnFor.set(key, drawn);
    }
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding, Host').type('text/html; charset=utf-8');
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('Content-Encoding', 'gzip').send(drawn.gzip);
    return reply.send(drawn.html);
  });
}

/** JSON that cannot end the <script> element holding it (`</script>`, `<!--`). */
function jsonInHtml(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
