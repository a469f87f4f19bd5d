import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { Database } from './db/connection.js';
import type { Settings } from './env.js';
import type { Ctx } from './context.js';
import { installAuth } from './http/auth.js';
import { BODY_LIMIT, installJsonParser } from './http/body.js';
import { trustProxyOption } from './http/client-ip.js';
import { serverTimeouts } from './http/timeouts.js';
import { installErrorHandling, sendNotFound } from './http/errors.js';
import { installSecurityHeaders } from './http/security.js';
import { registerLoginForm } from './http/login-form.js';
import { registerResourceRoutes } from './resources/routes.js';
import { registerAccountRoutes } from './users/account.routes.js';
import { registerManageRoutes } from './users/manage.routes.js';
import { userHooks } from './users/hooks.js';
import { noticeHooks } from './notices/hooks.js';
import { registerNoticeRoutes } from './notices/routes.js';
import { registerSettingsRoutes } from './settings/routes.js';
import { registerStatsRoutes } from './stats/routes.js';
import { registerUsdtRoutes } from './usdt/routes.js';
import { registerUsdtAdminRoutes } from './usdt/admin.routes.js';
import { allJobs } from './jobs/index.js';
import { groupHooks } from './groups/hooks.js';
import { discountHooks } from './discounts/hooks.js';
import { goodsHooks } from './goods/hooks.js';
import { stockHooks } from './stock/hooks.js';
import { registerStockRoutes } from './stock/routes.js';
import { registerStorePage } from './store/page.js';
import { registerStoreRoutes } from './store/routes.js';
import { registerOrderRoutes } from './orders/routes.js';
import { registerTokenRoutes } from './tokens/routes.js';
import { tokenHooks } from './tokens/links.js';
import { registerCodeRoutes } from './codes/routes.js';
import { registerCodePage } from './codes/page.js';
import { maskLinkTokens } from './codes/mask.js';
import { startJobs, type JobRunner } from './jobs/runner.js';
import { registerApiKeyRoutes } from './apikeys/routes.js';
import { registerActivationRoutes } from './activations/routes.js';
import { redactApiKeys } from './activations/redact.js';
import { registerDeviceRoutes } from './devices/routes.js';
import { deviceHooks } from './devices/devices.js';
import { maskIngestUrl, registerSmsIngest } from './ingest/sms.routes.js';
import { registerMessageRoutes } from './ingest/message.routes.js';
import { mailIntake } from './ingest/mail.js';
import { attachPgSignal } from './codes/pg-signal.js';
import { installUpstream } from './upstream/index.js';
import { providerHooks } from './upstream/hooks.js';

export interface AppOptions {
  settings: Settings;
  database: Database;
  now?: () => number;
  /** false turns request logging off (benchmarks, tests). */
  logger?: boolean;
  /** Run the background jobs on their timers (the server process does; tests call `app.jobs.runNow`). */
  runJobs?: boolean;
  /** Start the SMTP receiver for mail products when the app is ready (port 0: any free port). */
  smtp?: { port: number; host?: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs of this app (server/jobs), stopped when the app closes. */
    jobs: JobRunner;
    /** The SMTP receiver's port once listening (null: not started). */
    smtpPort: number | null;
  }
}

export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { settings, database } = opts;
  const app = Fastify({
    logger: opts.logger === false ? false : {
      level: settings.logLevel,
      // Tokens and passwords never reach the log.
      redact: ['req.headers.authorization', 'res.headers.authorization', 'req.body.password', 'req.body.old_password'],
      // An API link's token is its only key: request lines name it shortened.
      serializers: { req: (req) => ({ method: req.method, url: maskIngestUrl(redactApiKeys(maskLinkTokens(req.url))), host: req.host, remoteAddress: req.ip, remotePort: req.socket?.remotePort }) },
    },
    bodyLimit: BODY_LIMIT,
    // SmsForwarder's GET webhook glues its fields (the SMS included) to the device key in the path.
    routerOptions: { maxParamLength: 4096 },
    trustProxy: trustProxyOption(settings.trustProxy),
    ...serverTimeouts(settings),
  });
  const ctx: Ctx = { database, db: database.db, settings, now: opts.now ?? Date.now, log: app.log };

  installErrorHandling(app);
  installJsonParser(app);
  installSecurityHeaders(app, process.env.CORS_ORIGIN);
  installAuth(app, ctx);

  registerAccountRoutes(app, ctx);
  registerManageRoutes(app, ctx);
  registerNoticeRoutes(app, ctx);
  registerSettingsRoutes(app, ctx);
  registerStatsRoutes(app, ctx);
  registerUsdtRoutes(app, ctx);
  registerUsdtAdminRoutes(app, ctx);
  registerStockRoutes(app, ctx);
  registerStoreRoutes(app, ctx);
  registerOrderRoutes(app, ctx);
  registerTokenRoutes(app, ctx);
  registerCodeRoutes(app, ctx);
  registerCodePage(app, ctx);
  registerApiKeyRoutes(app, ctx);
  registerActivationRoutes(app, ctx);
  registerDeviceRoutes(app, ctx);
  registerSmsIngest(app, ctx);
  registerMessageRoutes(app, ctx);
  registerLoginForm(app);
  installUpstream(app, ctx);
  registerResourceRoutes(app, ctx, {
    users: userHooks, notices: noticeHooks,
    groups: groupHooks, discounts: discountHooks, goods: goodsHooks, stock: stockHooks, tokens: tokenHooks,
    providers: providerHooks,
    devices: deviceHooks,
  });

  const jobs = startJobs(ctx, allJobs, { timers: opts.runJobs === true });
  app.decorate('jobs', jobs);
  app.addHook('onClose', () => jobs.stop());
  startMailIntake(app, ctx, opts.smtp);
  // On PostgreSQL, `?wait=` reads wake when another process delivers a code.
  const releaseSignal = await attachPgSignal(database, app.log);
  app.addHook('onClose', releaseSignal);

  if (settings.staticDir && fs.existsSync(path.join(settings.staticDir, 'index.html'))) {
    await serveConsole(app, ctx, path.resolve(settings.staticDir));
  } else {
    app.setNotFoundHandler(sendNotFound);
  }
  return app;
}

function startMailIntake(app: FastifyInstance, ctx: Ctx, smtp: AppOptions['smtp']): void {
  app.decorate('smtpPort', null);
  if (!smtp) return;
  const receiver = mailIntake(ctx);
  app.addHook('onReady', async () => {
    try {
      app.smtpPort = await receiver.listen(smtp.port, smtp.host);
    } catch (err) {
      // A second process on this host (npm start twice) leaves mail to the first: the API still starts.
      app.log.warn({ err }, `邮件接收 (SMTP) 未能监听 ${smtp.host ?? '0.0.0.0'}:${smtp.port}，本进程不接收邮件`);
    }
  });
  app.addHook('onClose', () => receiver.close());
}

/** The built console; any non-API path that is not a file gets index.html (client-side routes). */
async function serveConsole(app: FastifyInstance, ctx: Ctx, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root, wildcard: false, preCompressed: true, cacheControl: false,
    // dist/ssr is the server's own code (it draws /store's products), not the browser's.
    allowedPath: (pathname) => !pathname.startsWith('/ssr/'),
    // Hashed assets never change; index.html is revalidated so a new build is picked up.
    setHeaders: (res, file) => {
      res.setHeader('Cache-Control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Screens pre-rendered at build time (scripts/prerender.mjs) have their own page: dist/login/index.html for /login.
  const prerendered = new Set(fs.readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(root, entry.name, 'index.html')))
    .map((entry) => `/${entry.name}`));
  registerStorePage(app, ctx, root);
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET') return sendNotFound(request, reply);
    const pathname = request.url.split('?')[0];
    return reply.header('Cache-Control', 'no-cache').sendFile(prerendered.has(pathname) ? `${pathname.slice(1)}/index.html` : 'index.html');
  });
}
