import type { Ctx } from '../platform/context.js';
import type { Job } from '../platform/jobs/runner.js';
import { TelegramError } from './bot-api.js';
import { apiOf, readBotConfig, rememberUsername } from './bot-config.js';
import { handleUpdate } from './commands.js';
import { sendDue } from './outbox.js';
import { readState, writeState } from './state.js';

/** This process's side of the poller: its back-off, its last outcome, and the switch that ends a long poll on close. */
interface PollerState {
  failures: number;
  lastOkAt: number | null;
  lastError: string | null;
  lastErrorAt: number | null;
  /** When this process last ran a round (it held the lease then), and whether it asked for the lease yet. */
  lastRunAt: number | null;
  asked: boolean;
  closing: boolean;
  abort: AbortController;
}

const states = new WeakMap<Ctx, PollerState>();

export function pollerState(ctx: Ctx): PollerState {
  let s = states.get(ctx);
  if (!s)
    states.set(
      ctx,
      (s = {
        failures: 0,
        lastOkAt: null,
        lastError: null,
        lastErrorAt: null,
        lastRunAt: null,
        asked: false,
        closing: false,
        abort: new AbortController(),
      }),
    );
  return s;
}

/** The app is closing: a long poll in flight ends now rather than when Telegram answers. */
export function stopPolling(ctx: Ctx): void {
  const s = pollerState(ctx);
  s.closing = true;
  s.abort.abort();
}

const OFFSET = 'update_offset';
/** Without a token, how often to look whether the sup saved one. */
const IDLE_MS = 5_000;
const MAX_BACKOFF_MS = 5 * 60_000;
/** What a poll round sends itself, at most (each send may wait 10 s for Telegram). */
const REPLY_BATCH = 20;
const REPLY_BUDGET_MS = 10_000;
/**
 * A round holds the lease for the long poll and Telegram's slack (bot-api.ts), plus the handling and the
 * replies' budget with room to spare: no other process may take it mid-round.
 */
export const pollLeaseMs = (ctx: Ctx) => (ctx.settings.telegramPollSeconds + 10) * 1000 + 30_000;

/** After n failures in a row: 2 s, 4 s, ... up to 5 minutes. */
export const backoffMs = (failures: number) => (failures ? Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures) : 0);

/**
 * One long poll (getUpdates with the stored offset), each update handled, the offset moved past it,
 * then the replies sent. One process polls at a time (the job's lease); Telegram itself refuses a
 * second concurrent getUpdates (409), counted as a failure like any other.
 */
export async function pollRound(ctx: Ctx): Promise<number> {
  const s = pollerState(ctx);
  if (s.closing) return 0;
  s.lastRunAt = Date.now(); // real time: it paces the timers
  const config = await readBotConfig(ctx);
  if (!config.token) return 0;
  const api = apiOf(ctx, config.token);
  try {
    let botName = config.username;
    if (botName === null) {
      botName = (await api.getMe(s.abort.signal)).username ?? '';
      await rememberUsername(ctx, config.token, botName);
    }
    const offset = (await readState(ctx.db, OFFSET)) ?? 0;
    const updates = await api.getUpdates(offset, ctx.settings.telegramPollSeconds, s.abort.signal);
    for (const u of updates) {
      try {
        await handleUpdate(ctx, u, botName);
      } catch (err) {
        ctx.log.error({ err, update: u.update_id }, 'telegram update failed');
      }
      await writeState(ctx.db, OFFSET, u.update_id + 1);
    }
    s.failures = 0;
    s.lastOkAt = ctx.now();
    // The replies first; the rest is the sender job's, so a round stays well inside its lease.
    if (updates.length) await sendDue(ctx, api, REPLY_BATCH, REPLY_BUDGET_MS);
    return updates.length;
  } catch (err) {
    if (s.closing) return 0;
    s.failures += 1;
    s.lastError = err instanceof TelegramError ? err.message : '处理失败';
    s.lastErrorAt = ctx.now();
    if (!(err instanceof TelegramError)) throw err;
    ctx.log.warn({ status: err.status, failures: s.failures }, 'telegram poll failed');
    return 0;
  }
}

export const telegramPoll: Job = {
  name: 'telegram-poll',
  async everyMs(ctx) {
    const s = pollerState(ctx);
    if (s.closing) return MAX_BACKOFF_MS;
    if (!(await readBotConfig(ctx)).token) return IDLE_MS;
    // Another process polls: ask for the lease now and then, not in a loop.
    if (!s.asked) {
      s.asked = true;
      return 50;
    }
    if (s.lastRunAt === null || Date.now() - s.lastRunAt > (ctx.settings.telegramPollSeconds + 15) * 1000) return IDLE_MS;
    // Polled again at once: the long poll itself is the wait.
    return Math.max(backoffMs(s.failures), 50);
  },
  leaseMs: pollLeaseMs,
  run: async (ctx) => {
    await pollRound(ctx);
  },
};
