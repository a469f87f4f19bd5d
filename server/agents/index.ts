import type { ResourceName } from '../../resources.config.js';
import type { Area } from '../platform/area.js';
import type { Ctx } from '../platform/context.js';
import type { Job } from '../platform/jobs/runner.js';
import { JobWake } from '../platform/jobs/wake.js';
import { registerMessagePush } from '../codes/index.js';
import { activationHooks, aggregatorHooks } from './aggregator-hooks.js';
import { registerAgentFigures } from './figures.routes.js';
import { registerAgentProtocol } from './protocol.routes.js';
import { holderOf, pusherOf, queuePush } from './push.js';

export { failingAggregators } from './failing.js';

export const AGENT_PUSH_JOB = 'agent-push';
/** The least time between two rounds an SMS's wake starts (each round may write the job's lease). */
const WAKE_GAP_MS = 20;

/** Pushing the due SMS to aggregators, under the job's lease (one process at a time; each push is also claimed). */
const pushJob: Job = {
  name: AGENT_PUSH_JOB,
  everyMs: 2_000,
  run: (ctx: Ctx) => pusherOf(ctx.database).fill(ctx),
};

/** Each app's way to start a round now, by its database (an SMS queued pushes in this process). */
const pushWake = new JobWake(WAKE_GAP_MS);

/**
 * Selling idle numbers to aggregators over the SMSHUB agent protocol (docs/agents.md): the
 * aggregators (聚合平台) and their endpoint `POST /api/agent/<id>` (GET_SERVICES, GET_NUMBER,
 * FINISH_ACTIVATION), the numbers handed out (代售记录), the push of every SMS to a number an
 * aggregator holds (queued in the SMS's own transaction: codes calls the registered push), and the
 * home screen's sales by aggregator.
 */
export const agents: Area<ResourceName> = {
  install(app, ctx) {
    registerMessagePush({
      queue: queuePush,
      queued: (database) => pushWake.wake(database),
      holder: holderOf,
    });
    // An SMS queued a push: a round now (again after the current one), so it leaves within milliseconds.
    const stopWaking = pushWake.start(ctx.database, () => app.jobs.runNow(AGENT_PUSH_JOB));
    registerAgentProtocol(app, ctx);
    registerAgentFigures(app, ctx);
    // A push under way writes its outcome before the database closes (at most its timeout).
    app.addHook('onClose', async () => {
      stopWaking();
      await pusherOf(ctx.database).settled();
    });
  },
  hooks: { aggregator: aggregatorHooks, agent_activation: activationHooks },
  jobs: [pushJob],
};
