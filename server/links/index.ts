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
  jobs: [expiryJob],
  maskUrl: maskLinkTokens,
};

// A link's state as of now (an expired one reads expired before the expiry job ran).
export { effectiveState, newLinkToken, linksOf } from './links.js';
export { cancelOpensAt } from './cancel-window.js';
export { codeSignal } from './code-wake.js';
export { BATCH as EXPIRY_BATCH, ROUND_MAX as EXPIRY_ROUND_MAX } from './expiry.js';
export { finishLink } from './finish.js';
export { MAX_RENEW_DAYS, numbersTakenBack, RENEW_GRACE_MS } from './renewal.js';
export { resetLink } from './reset.js';
export { LIVE, RECEIVING, CLOSED, stateAfterRenewal } from './states.js';
