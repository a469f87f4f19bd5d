import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.js';
import { asksForFile } from '../platform/http/console-fallback.js';
import { brandPage } from './brand.js';
import { siteOf } from './sites.js';

/** Addresses another area draws itself, in the site's name too (server/store/page.ts). */
const DRAWN_ELSEWHERE = new Set(['/store']);

/**
 * On a reseller's host, the console's pages (pre-rendered /login, the console's own page for every
 * other screen) go out in the reseller's name (brand.ts): read from the build (again when a build
 * replaced them), branded per request. Files, the API and the main site's requests are untouched.
 */
export function registerSitePages(app: FastifyInstance, ctx: Ctx, root: string): void {
  const fallback = fs.existsSync(path.join(root, 'console.html')) ? 'console.html' : 'index.html';
  const ownPages = pagesIn(root);
  // Read again when the build replaced the file (as the main site's pages are sent from disk each time).
  const files = new Map<string, { mtime: number; text: string }>();
  const read = (file: string): string | null => {
    const full = path.join(root, file);
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (!stat) return null;
    const known = files.get(file);
    if (known?.mtime === stat.mtimeMs) return known.text;
    const text = fs.readFileSync(full, 'utf8');
    files.set(file, { mtime: stat.mtimeMs, text });
    return text;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = request.url.split('?')[0];
    if (pathname.startsWith('/api/') || pathname.startsWith('/stubs/') || pathname.startsWith('/v1/') || pathname.startsWith('/c/')) return;
    if (DRAWN_ELSEWHERE.has(pathname) || asksForFile(pathname)) return;
    const site = await siteOf(ctx, request);
    if (!site) return;
    const page = pathname.replace(/\/+$/, '');
    const html = read(pathname === '/' ? 'index.html' : ownPages.has(page) ? `${page.slice(1)}/index.html` : fallback);
    if (html === null) return;
    const branded = brandPage(html, site);
    reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding, Host').type('text/html; charset=utf-8');
    if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? ''))
      return reply.header('Content-Encoding', 'gzip').send(zlib.gzipSync(branded));
    return reply.send(branded);
  });
}

/** The addresses with a page of their own in the build (dist/login/index.html: /login), as server/app.ts finds them. */
function pagesIn(root: string, dir = ''): Set<string> {
  const found = new Set<string>();
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    if (!entry.isDirectory() || (!dir && ['assets', 'ssr'].includes(entry.name)) || entry.name.startsWith('.')) continue;
    const sub = `${dir}/${entry.name}`;
    if (fs.existsSync(path.join(root, sub, 'index.html'))) found.add(sub);
    for (const page of pagesIn(root, sub)) found.add(page);
  }
  return found;
}
