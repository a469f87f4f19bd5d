import type { Ctx } from '../../platform/context.js';
import type { Job } from '../../platform/jobs/runner.js';
import { watcherOf } from './chains.js';
import { readConfig, type UsdtConfig } from './config.js';
import { isIncoming, markSeen, settle } from './match.js';
import { expireOverdue } from './orders.js';
import { transferPages, TronGridError, type ChainTransfer } from './trongrid.js';
import { SKEW_MS } from './window.js';
import {
  advanceCursor,
  loadWatch,
  markFailed,
  markPolled,
  OVERLAP_MS,
  watchedAddresses,
  watchingOrders,
  type WatchState,
} from './watch-state.js';

/**
 * Poll interval while nothing waits. Short enough that a new order is watched closely before its
 * customer can have paid (a wallet takes longer than this to open and send), and that transfers
 * matching no order show soon; about 8,600 calls a day, well inside TronGrid's free quota.
 */
export const IDLE_MS = 10_000;
const BLOCK_MS = 3000;

/**
 * One round of the chain watcher. Per address:
 * 1. while orders wait, every transfer already in a block (confirmed or not) marks its order
 *    "confirming", so the customer sees the payment within one poll;
 * 2. transfers in solidified blocks (TronGrid's only_confirmed) credit their order, or are kept for
 *    the sup; read from a cursor kept in the database, minus an overlap, so nothing is missed
 *    across restarts and nothing is credited twice (every credit is unique by transaction hash).
 * Without "wait for confirmation" step 2 reads unconfirmed transfers too, and step 1 is not needed.
 */
export async function watchRound(ctx: Ctx): Promise<void> {
  const cfg = await readConfig(ctx.db);
  const now = ctx.now();
  await expireOverdue(ctx.db, now);
  for (const address of await watchedAddresses(ctx.db, cfg, now)) {
    const state = await loadWatch(ctx.db, address, now);
    if (Number(state.retry_at) > now) continue;
    try {
      await pollAddress(ctx, cfg, state, now);
      await markPolled(ctx.db, address, now);
    } catch (error) {
      if (!(error instanceof TronGridError)) throw error;
      const pause = await markFailed(ctx.db, state, cfg, now, error);
      ctx.log.warn(
        { address, status: error.status, retryInMs: pause, reason: error.message },
        'USDT watcher: TronGrid call failed, backing off',
      );
    }
  }
}

async function pollAddress(ctx: Ctx, cfg: UsdtConfig, state: WatchState, now: number): Promise<void> {
  const { address } = state;
  const query = (since: number, onlyConfirmed: boolean) =>
    transferPages({
      apiUrl: cfg.apiUrl,
      apiKey: cfg.apiKey,
      address,
      contract: cfg.contract,
      since,
      onlyConfirmed,
      timeoutMs: ctx.settings.tronTimeoutMs,
      allowPrivate: ctx.settings.webhookAllowPrivate,
    });
  const ours = (transfers: ChainTransfer[]) => transfers.filter((t) => isIncoming(t, address, cfg.contract));

  if (cfg.waitConfirm) {
    const open = await watchingOrders(ctx.db, now)
      .where('address', '=', address)
      .where('state', '!=', 'confirming')
      .select((eb) => eb.fn.min<number>('create_at').as('t'))
      .executeTakeFirst();
    if (open?.t !== null && open?.t !== undefined) {
      for await (const page of query(Number(open.t) - SKEW_MS, false)) {
        for (const t of ours(page.transfers)) await markSeen(ctx, address, t);
      }
    }
  }
  for await (const page of query(Number(state.cursor) - OVERLAP_MS, cfg.waitConfirm)) {
    if (page.skipped) ctx.log.warn({ address, skipped: page.skipped }, 'USDT watcher: malformed TronGrid records skipped');
    for (const t of ours(page.transfers)) await settle(ctx, address, t);
    // Each page is handled before the cursor passes it: a stop midway re-reads it, and dedupes.
    const newest = page.transfers.reduce((max, t) => Math.max(max, t.blockTime), 0);
    if (newest) await advanceCursor(ctx.db, address, newest);
  }
}

/** Often while an order waits or confirms (never faster than TRON makes blocks), rarely otherwise. */
async function interval(ctx: Ctx): Promise<number> {
  const cfg = await readConfig(ctx.db);
  const busy = await watchingOrders(ctx.db, ctx.now(), 'trc20').select('id').limit(1).executeTakeFirst();
  return busy ? Math.max(BLOCK_MS, cfg.pollMs) : IDLE_MS;
}

export const usdtWatcher: Job = { name: watcherOf('trc20'), everyMs: interval, run: watchRound };
