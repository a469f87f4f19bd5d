import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Database } from './platform/db/connection.js';
import type { Settings } from './env.js';
import type { Ctx } from './platform/context.js';
import { installAuth } from './platform/http/auth.js';
import { BODY_LIMIT, installJsonParser } from './platform/http/body.js';
import { trustProxyOption } from './platform/http/client-ip.js';
import { serverTimeouts } from './platform/http/timeouts.js';
import { installErrorHandling, sendNotFound } from './platform/http/errors.js';
import { installSecurityHeaders } from './platform/http/security.js';
import { asksForFile, sendMissingFile } from './platform/http/console-fallback.js';
import { registerResourceRoutes } from './platform/crud/routes.js';
import { startJobs, type Job, type JobRunner } from './platform/jobs/runner.js';
import type { Area } from './platform/area.js';
import type { ResourceHooks } from './platform/crud/hooks.js';
import { resources, type ResourceName } from '../resources.config.js';
import { accounts, sessionResolver } from './accounts/index.js';
import { pricing } from './pricing/index.js';
import { catalog } from './catalog/index.js';
import { store } from './store/index.js';
import { sales } from './sales/index.js';
import { links } from './links/index.js';
import { rentals } from './rentals/index.js';
import { intake, type SmtpOptions } from './intake/index.js';
import { upstream } from './upstream/index.js';
import { smsActivate } from './sms-activate/index.js';
import { fivesim } from './fivesim/index.js';
import { agents } from './agents/index.js';
import { finance } from './finance/index.js';
import { stats, deepStart } from './stats/index.js';
import { content } from './content/index.js';
import { monitoring } from './monitoring/index.js';
import { backup } from './backup/index.js';
import { webhooks } from './webhooks/index.js';
import { auditArea, auditWrites } from './audit/index.js';
import { telegram } from './telegram/index.js';
import { resellers } from './resellers/index.js';
import { goodsCounts } from './goods-counts/index.js';
import { installRequestLog } from './request-log.js';

export interface AppOptions {
  settings: Settings;
  database: Database;
  now?: () => number;
  /** false turns request logging off (benchmarks, tests). */
  logger?: boolean;
  /** Run the background jobs on their timers (the server process does; tests call `app.jobs.runNow`). */
  runJobs?: boolean;
  /** Start the SMTP receiver for mail products when the app is ready (port 0: any free port). */
  smtp?: SmtpOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs of this app (the areas'), stopped when the app closes. */
    jobs: JobRunner;
  }
}

/** The business areas, in the order their routes are registered. */
function areasOf(smtp?: SmtpOptions): Area<ResourceName>[] {
  return [
    monitoring,
    resellers,
    accounts,
    content,
    stats,
    finance,
    catalog,
    goodsCounts,
    store,
    sales,
    links,
    rentals,
    smsActivate,
    fivesim,
    agents,
    intake(smtp),
    upstream,
    pricing,
    backup,
    webhooks,
    telegram,
    auditArea,
  ];
}

/** The areas' hooks on the generic resources; a resource belongs to one area, so only one may hook it. */
function hooksOf(areas: Area<ResourceName>[]): Partial<Record<ResourceName, ResourceHooks>> {
  const hooks: Partial<Record<ResourceName, ResourceHooks>> = {};
  for (const area of areas) {
    for (const [name, h] of Object.entries(area.hooks ?? {}) as [ResourceName, ResourceHooks][]) {
      if (hooks[name]) throw new Error(`两个业务区都为资源 ${name} 提供了钩子`);
      hooks[name] = h;
    }
  }
  return hooks;
}

/** Every background job of the server, each area's. */
export function allJobs(): Job[] {
  return areasOf().flatMap((area) => area.jobs ?? []);
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { settings, database } = opts;
  const areas = areasOf(opts.smtp);
  const maskUrl = (url: string | undefined) => areas.reduce((u, area) => (area.maskUrl ? area.maskUrl(u) : u), url);
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: settings.logLevel,
            // Tokens and passwords never reach the log.
            redact: ['req.headers.authorization', 'res.headers.authorization', 'req.body.password', 'req.body.old_password'],
            // Keys in paths and queries (an API link, a device, an API key) are shortened in request lines.
            serializers: {
              req: (req) => ({
                method: req.method,
                url: maskUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
          },
    // Fastify's two lines per request are replaced by one (server/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    // SmsForwarder's GET webhook glues its fields (the SMS included) to the device key in the path.
    routerOptions: { maxParamLength: 4096 },
    trustProxy: trustProxyOption(settings.trustProxy),
    ...serverTimeouts(settings),
  });
  const ctx: Ctx = { database, db: database.db, settings, now: opts.now ?? Date.now, log: app.log };

  if (opts.logger !== false) installRequestLog(app, (url) => maskUrl(url));
  installErrorHandling(app);
  installJsonParser(app);
  installSecurityHeaders(app, process.env.CORS_ORIGIN);
  installAuth(app, sessionResolver(ctx));

  for (const area of areas) await area.install?.(app, ctx);
  registerResourceRoutes(app, ctx, {
    resources,
    hooks: hooksOf(areas),
    deepStart,
    onWrite: auditWrites(ctx),
  });

  const jobs = startJobs(
    ctx,
    areas.flatMap((area) => area.jobs ?? []),
    { timers: opts.runJobs === true },
  );
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());

  if (settings.staticDir && fs.existsSync(path.join(settings.staticDir, 'index.html'))) {
    await serveConsole(app, ctx, path.resolve(settings.staticDir), areas);
  } else {
    app.setNotFoundHandler(sendNotFound);
  }
  return app;
}

/** The addresses with a page of their own in the built console: each folder's index.html, but in assets/ and ssr/. */
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

/** The built console; a screen's address gets index.html (client-side routes), a missing file a 404. */
async function serveConsole(app: FastifyInstance, ctx: Ctx, root: string, areas: Area[]): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    // dist/ssr is the server's own code (it draws /store's products), not the browser's.
    allowedPath: (pathname) => !pathname.startsWith('/ssr/'),
    // Hashed assets never change; index.html is revalidated so a new build is picked up.
    setHeaders: (res, file) => {
      res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Addresses the build wrote a page for (scripts/prerender.mjs) have their own: dist/login/index.html for /login.
  const ownPages = pagesIn(root);
  // Every other address is the console's: its page names the shell's files up front (a build before it had none).
  const fallback = fs.existsSync(path.join(root, 'console.html')) ? 'console.html' : 'index.html';
  for (const area of areas) area.withConsole?.(app, ctx, root);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') return sendNotFound(request, reply);
    const pathname = request.url.split('?')[0];
    if (!ownPages.has(pathname) && asksForFile(pathname)) return sendMissingFile(reply, pathname);
    return reply.header('Cache-Control', 'no-cache').sendFile(ownPages.has(pathname) ? `${pathname.slice(1)}/index.html` : fallback);
  });
}
