import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
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
import { registerLoginForm } from './accounts/login-form.js';
import { registerResourceRoutes } from './platform/crud/routes.js';
import { registerAccountRoutes } from './accounts/account.routes.js';
import { registerManageRoutes } from './accounts/manage.routes.js';
import { userHooks } from './accounts/user-hooks.js';
import { noticeHooks } from './content/notice-hooks.js';
import { registerNoticeRoutes } from './content/notice.routes.js';
import { registerSettingsRoutes } from './content/contact.routes.js';
import { registerStatsRoutes } from './stats/routes.js';
import { registerUsdtRoutes } from './finance/usdt/routes.js';
import { registerUsdtAdminRoutes } from './finance/usdt/admin.routes.js';
import { allJobs } from './all-jobs.js';
import { groupHooks } from './pricing/group-hooks.js';
import { discountHooks } from './pricing/discount-hooks.js';
import { goodsHooks } from './catalog/goods-hooks.js';
import { stockHooks } from './catalog/stock-hooks.js';
import { registerStockRoutes } from './catalog/stock.routes.js';
import { registerStorePage } from './store/page.js';
import { registerStoreRoutes } from './store/routes.js';
import { registerOrderRoutes } from './sales/order.routes.js';
import { registerTokenRoutes } from './links/routes.js';
import { tokenHooks } from './links/links.js';
import { registerCodeRoutes } from './links/code-read.routes.js';
import { registerCodePage } from './links/code-page.js';
import { maskLinkTokens } from './links/mask.js';
import { startJobs, type JobRunner } from './platform/jobs/runner.js';
import { registerApiKeyRoutes } from './accounts/api-key.routes.js';
import { registerActivationRoutes } from './sms-activate/routes.js';
import { redactApiKeys } from './sms-activate/redact.js';
import { registerDeviceRoutes } from './intake/devices/routes.js';
import { deviceHooks } from './intake/devices/devices.js';
import { maskIngestUrl, registerSmsIngest } from './intake/sms-webhook.routes.js';
import { registerMessageRoutes } from './intake/message.routes.js';
import { mailIntake } from './intake/mail/intake.js';
import { attachPgSignal } from './links/code-wake-pg.js';
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
