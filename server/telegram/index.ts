import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import { telegramJobs } from './jobs.js';
import { stopPolling } from './poller.js';
import { registerTelegramRoutes } from './routes.js';

/** The Telegram bot: binding chats to accounts, its commands, and what it tells them (codes, alerts, the daily summary). */
export const telegram: Area<ResourceName> = {
  install(app, ctx) {
    registerTelegramRoutes(app, ctx);
    // A long poll in flight must not hold the process's shutdown for its 20 s.
    app.addHook('preClose', async () => {
      stopPolling(ctx);
    });
  },
  jobs: telegramJobs,
};
