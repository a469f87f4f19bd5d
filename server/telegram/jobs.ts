import type { Ctx } from '../platform/context.js';
import type { Job } from '../platform/jobs/runner.js';
import { watchConditions } from './alerts.js';
import { apiOf, readBotConfig } from './bot-config.js';
import { feedCodes } from './code-feed.js';
import { dailyRound } from './daily.js';
import { sendDue } from './outbox.js';
import { telegramPoll } from './poller.js';

/** When this process last ran each job (it held the lease): one that does not asks for it rarely. */
const ranAt = new WeakMap<Ctx, Map<string, number>>();
function noteRun(ctx: Ctx, name: string): void {
  let m = ranAt.get(ctx);
  if (!m) ranAt.set(ctx, (m = new Map()));
  m.set(name, Date.now());
}
function pace(name: string, fastMs: number, idleMs: number) {
  return (ctx: Ctx) => {
    let m = ranAt.get(ctx);
    if (!m) ranAt.set(ctx, (m = new Map()));
    const last = m.get(name);
    if (last === undefined) m.set(name, 0); // the first round is asked for at once
    return last === undefined || Date.now() - last < idleMs * 2 ? fastMs : idleMs;
  };
}

/** New codes into the outbox, then what is due sent: every second, so a code reaches its chat within seconds. */
export const telegramSend: Job = {
  name: 'telegram-send',
  everyMs: pace('telegram-send', 1000, 5000),
  async run(ctx) {
    noteRun(ctx, 'telegram-send');
    await feedCodes(ctx);
    const { token } = await readBotConfig(ctx);
    if (token) await sendDue(ctx, apiOf(ctx, token));
  },
};

/** The sups' conditions and the customers' balances, told once each; the daily summary at 09:00. */
export const telegramWatch: Job = {
  name: 'telegram-watch',
  everyMs: 30_000,
  async run(ctx) {
    await watchConditions(ctx);
    await dailyRound(ctx);
  },
};

export const telegramJobs: Job[] = [telegramPoll, telegramSend, telegramWatch];
