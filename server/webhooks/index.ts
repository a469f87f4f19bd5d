import type { FastifyInstance } from 'fastify';
import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import type { Ctx } from '../platform/context.js';
import type { Job } from '../platform/jobs/runner.js';
import { Dispatcher } from './dispatch.js';
import { pruneJob } from './prune.js';
import { registerWebhookRoutes } from './routes.js';
import { onWake } from './wake.js';

export const DELIVERY_JOB = 'webhook-delivery';
/** The least time between two rounds a code's wake starts (each round writes the job's lease). */
const WAKE_GAP_MS = 25;

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
    let closed = false;
    let again = false;
    let running = false;
    // A code queued an event: run a round now (again after the current one, if one is running).
    const wake = () => {
      if (closed) return;
      again = true;
      if (running) return;
      running = true;
      void (async () => {
        while (again && !closed) {
          again = false;
          const started = Date.now();
          await app.jobs.runNow(DELIVERY_JOB).catch(() => false);
          // Under a stream of codes, rounds at most every WAKE_GAP_MS: each takes all that came meanwhile.
          const rest = WAKE_GAP_MS - (Date.now() - started);
          if (again && rest > 0) await new Promise((r) => setTimeout(r, rest));
        }
        running = false;
      })();
    };
    const dispatcher = dispatcherOf(ctx);
    byApp.set(app, dispatcher);
    const stopWaking = onWake(ctx.database, wake);
    registerWebhookRoutes(app, ctx, dispatcher);
    app.addHook('onClose', async () => {
      closed = true;
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
