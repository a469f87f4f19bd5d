import type { FastifyInstance } from 'fastify';
import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import type { Ctx } from '../platform/context.js';
import type { Job } from '../platform/jobs/runner.js';
import { Dispatcher } from './dispatch.js';
import { pruneJob } from './prune.js';
import { registerWebhookRoutes } from './routes.js';
import { deliveryWake } from './wake.js';

export const DELIVERY_JOB = 'webhook-delivery';

/** Each app's dispatcher (its deliveries in flight), made when the app installs the area. */
const dispatchers = new WeakMap<Ctx, Dispatcher>();
const byApp = new WeakMap<FastifyInstance, Dispatcher>();

/** An app's dispatcher: a test runs its rounds directly, as two processes would, without the job's lease. */
export function dispatcherOfApp(app: FastifyInstance): Dispatcher | undefined {
  return byApp.get(app);
}

function dispatcherOf(ctx: Ctx): Dispatcher {
  let d = dispatchers.get(ctx);
  if (!d) dispatchers.set(ctx, (d = new Dispatcher(ctx)));
  return d;
}

/** Delivering the due events, under the job's lease (one process at a time). */
const deliveryJob: Job = {
  name: DELIVERY_JOB,
  everyMs: (ctx) => ctx.settings.webhookPollMs,
  run: (ctx) => dispatcherOf(ctx).round(),
};

/**
 * Customer webhooks: each code a customer's link receives is POSTed, signed, to the customer's URL
 * (the event is queued by server/codes in the code's own transaction: outbox.ts), by a job that
 * retries with back-off and pauses the endpoint after the last failed try (the Telegram bot's alerts
 * read the pause). Finished deliveries are forgotten after WEBHOOK_LOG_DAYS (prune.ts).
 */
export const webhooks: Area<ResourceName> = {
  install(app, ctx) {
    const dispatcher = dispatcherOf(ctx);
    byApp.set(app, dispatcher);
    // A code queued an event: run a round now (again after the current one, if one is running).
    const stopWaking = deliveryWake.start(ctx.database, () => app.jobs.runNow(DELIVERY_JOB));
    registerWebhookRoutes(app, ctx, dispatcher);
    app.addHook('onClose', async () => {
      stopWaking();
      await dispatcher.close();
    });
  },
  jobs: [deliveryJob, pruneJob],
};
export { resolveTarget } from './address.js';
export { pickDue, type DueRow } from './fair-share.js';
export { codeEvents } from './outbox.js';
export { originOf, Room } from './room.js';
export { post as postWebhook } from './send.js';
