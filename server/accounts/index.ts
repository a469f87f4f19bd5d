import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { registerAccountRoutes } from './account.routes.js';
import { registerApiKeyRoutes } from './api-key.routes.js';
import { registerLoginForm } from './login-form.js';
import { registerManageRoutes } from './manage.routes.js';
import { userHooks } from './user-hooks.js';

/** Users and their sessions: register, log in, profile and password, the sup's user tools, API keys. */
export const accounts: Area<ResourceName> = {
  install(app, ctx) {
    registerAccountRoutes(app, ctx);
    registerManageRoutes(app, ctx);
    registerApiKeyRoutes(app, ctx);
    registerLoginForm(app);
  },
  hooks: { users: userHooks },
};

// Customers' API keys, for the protocols that take them (server/fivesim).
export { resolveApiKey, touchApiKey } from './api-keys.js';
export { HANDLER_PATH } from './api-key.routes.js';
export { ensureFirstSup } from './first-sup.js';
export { resetPassword } from './reset-password.js';
export { sessionResolver, resolveSession } from './sessions.js';
