import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { codeLimits } from './code-limits.js';
import { registerCodePage } from './code-page.js';
import { registerCodeRoutes } from './code-read.routes.js';
import { attachPgSignal } from './code-wake-pg.js';
import { expiryJob } from './expiry.js';
import { linkHooks } from './links.js';
import { maskLinkTokens } from './mask.js';
import { registerLinkRoutes } from './routes.js';
import { rentPushJob } from '../rentals/push.js';

/** API links: their life (reset, finish, expiry) and reading their codes (/api/code, /c page, wake-ups). */
export const links: Area<ResourceName> = {
  async install(app, ctx) {
    registerLinkRoutes(app, ctx);
    // One budget per link and per address, whichever door a code read comes through.
    const limits = codeLimits(ctx.settings);
    registerCodeRoutes(app, ctx, limits);
    registerCodePage(app, ctx, limits);
    // On PostgreSQL, `?wait=` reads wake when another process delivers a code.
    const release = await attachPgSignal(ctx.database, app.log);
    app.addHook('onClose', release);
  },
  hooks: { tokens: linkHooks },
  // A rental's SMS pushed to its url (server/rentals/push.ts).
  jobs: [expiryJob, rentPushJob],
  maskUrl: maskLinkTokens,
};
