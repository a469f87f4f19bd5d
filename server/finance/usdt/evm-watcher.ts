import type { Ctx } from '../../platform/context.js';
import type { Job } from '../../platform/jobs/runner.js';
import { openAddress, type EvmChainConfig } from './chain-config.js';
import { EVM_CHAINS, watcherOf, type EvmChain } from './chains.js';
import { readConfig } from './config.js';
import { blockNumber, blockTime, RpcError, transferLogs, type RpcTarget, type TransferLog } from './evm-rpc.js';
import { claimWindow, loadChainWatch, markChainFailed, markChainPolled, NOT_STARTED, setSpan, startCursor } from './evm-watch-state.js';
import { settleInside } from './match.js';
import { expireOverdue } from './orders.js';
import type { ChainTransfer } from './trongrid.js';
import { watchingOrders } from './watch-state.js';

/** Windows one round reads at most, and the wall time after which it starts no more: a chain far behind catches up over several rounds, each well inside the job's lease. */
const WINDOWS_PER_ROUND = 20;
const ROUND_BUDGET_MS = 20_000;
const LEASE_MS = 60_000;
/** Poll interval while nothing waits on the chain; and while the chain is not watched at all. */
export const EVM_IDLE_MS = 10_000;
const UNWATCHED_MS = 60_000;
/** Never poll faster than this while orders wait (the fastest chains make several blocks meanwhile). */
const BUSY_MIN_MS = 3000;

/** A window's cursor was moved by another process: this round stops, that one carries on. */
class WindowTaken extends Error {}

/** The addresses to read on a chain: its own while open, and every address an order there still waits on. */
async function addressesOf(ctx: Ctx, c: EvmChainConfig, now: number): Promise<string[]> {
  const rows = await watchingOrders(ctx.db, now, c.chain).select('address').distinct().execute();
  const own = openAddress(c);
  return [...new Set([...(own ? [own] : []), ...rows.map((r) => r.address.toLowerCase())])];
}

/**
 * One round of a chain's watcher: the head, then Transfer logs of the chain's USDT contract to our
 * addresses in windows of at most `span` blocks from the stored cursor up to head − confirmations.
 * Each window is settled in one transaction that first moves the cursor (only from where this round
 * found it), so across restarts and processes no block is skipped or read twice; each transfer is
 * credited at most once besides ((transactionHash, logIndex) is unique). A node refusing the range
 * halves the span, kept for the next rounds. Blocks newer than the confirmations are never read:
 * a log that a re-organisation removes is never seen.
 */
export async function watchChain(ctx: Ctx, chain: EvmChain): Promise<void> {
  const cfg = await readConfig(ctx.db);
  const c = cfg.chains[chain];
  const now = ctx.now();
  if (!c.rpcUrl) return;
  await expireOverdue(ctx.db, now);
  const addresses = await addressesOf(ctx, c, now);
  if (!addresses.length) return;
  const state = await loadChainWatch(ctx.db, chain);
  if (Number(state.retry_at) > now) return;
  const target: RpcTarget = { url: c.rpcUrl, timeoutMs: ctx.settings.tronTimeoutMs, allowPrivate: ctx.settings.webhookAllowPrivate };
  try {
    const head = await blockNumber(target);
    const safe = head - c.confirmations;
    let cursor = Number(state.cursor) === NOT_STARTED ? await startCursor(ctx.db, chain, safe) : Number(state.cursor);
    if (head < cursor) throw new RpcError(`节点区块高度 ${head} 落后于已读取的区块 ${cursor}，可能连到了未同步的节点`, null);
    let span = Number(state.span);
    const started = Date.now();
    for (let windows = 0; windows < WINDOWS_PER_ROUND && cursor < safe && Date.now() - started < ROUND_BUDGET_MS;) {
      const to = Math.min(cursor + span, safe);
      let found: { logs: TransferLog[]; skipped: number };
      try {
        found = await transferLogs(target, { contract: c.contract, addresses, from: cursor + 1, to });
      } catch (error) {
        if (!(error instanceof RpcError) || !error.rangeTooLarge || span === 1) throw error;
        span = Math.max(1, Math.floor(span / 2));
        await setSpan(ctx.db, chain, span);
        ctx.log.warn({ chain, span }, 'USDT watcher: the node refused the block range, asking for fewer blocks');
        continue;
      }
      if (found.skipped) ctx.log.warn({ chain, skipped: found.skipped }, 'USDT watcher: malformed logs skipped');
      const transfers = await toTransfers(target, c, addresses, found.logs);
      try {
        await ctx.db.transaction().execute(async (trx) => {
          if (!(await claimWindow(trx, chain, cursor, to))) throw new WindowTaken();
          for (const t of transfers) await settleInside(trx, ctx, t);
        });
      } catch (error) {
        if (error instanceof WindowTaken) return;
        throw error;
      }
      cursor = to;
      windows += 1;
    }
    await markChainPolled(ctx.db, chain, head, ctx.now());
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
    const pause = await markChainFailed(ctx.db, await loadChainWatch(ctx.db, chain), cfg.pollMs, now, error);
    ctx.log.warn({ chain, status: error.status, retryInMs: pause, reason: error.message }, 'USDT watcher: RPC call failed, backing off');
  }
}

/**
 * The logs we act on (the contract's, to one of our addresses: a sloppy node's others are dropped),
 * with their blocks' times. A transfer's key is `<transactionHash>:<logIndex>`: one transaction may
 * carry several transfers, each credited on its own.
 */
async function toTransfers(target: RpcTarget, c: EvmChainConfig, addresses: string[], logs: TransferLog[]): Promise<ChainTransfer[]> {
  const ours = logs.filter((l) => l.contract === c.contract && addresses.includes(l.to));
  const times = new Map<number, number>();
  for (const l of ours) if (!times.has(l.block)) times.set(l.block, await blockTime(target, l.block));
  return ours.map((l) => ({
    txHash: `${l.txHash}:${l.logIndex}`,
    from: l.from,
    to: l.to,
    value: l.value,
    blockTime: times.get(l.block)!,
    contract: l.contract,
    type: 'Transfer',
    chain: c.chain,
    decimals: c.decimals,
  }));
}

/** Often while an order waits on the chain, rarely otherwise, very rarely when the chain is not watched. */
async function interval(ctx: Ctx, chain: EvmChain): Promise<number> {
  const cfg = await readConfig(ctx.db);
  const c = cfg.chains[chain];
  const busy = await watchingOrders(ctx.db, ctx.now(), chain).select('id').limit(1).executeTakeFirst();
  if (busy && c.rpcUrl) return Math.max(BUSY_MIN_MS, cfg.pollMs);
  return openAddress(c) ? EVM_IDLE_MS : UNWATCHED_MS;
}

/** One job per EVM chain, each under its own lease: a slow node holds up only its chain. */
export const evmWatchers: Job[] = EVM_CHAINS.map((chain) => ({
  name: watcherOf(chain),
  everyMs: (ctx: Ctx) => interval(ctx, chain),
  run: (ctx: Ctx) => watchChain(ctx, chain),
  leaseMs: LEASE_MS,
}));
