import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { registerContactRoutes } from './contact.routes.js';
import { noticeHooks } from './notice-hooks.js';
import { registerNoticeRoutes } from './notice.routes.js';

/** What the sup tells everyone: notices (and the login announcement) and the contact page. */
export const content: Area<ResourceName> = {
  install(app, ctx) {
    registerNoticeRoutes(app, ctx);
    registerContactRoutes(app, ctx);
  },
  hooks: { notices: noticeHooks },
};
export { registerOpen } from './register-switch.js';
export { readContact } from './contact.routes.js';
export { mayChangeSecuritySettings, supTotpRequired } from './sup-totp-switch.js';
