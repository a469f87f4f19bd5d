import type { Kysely, Selectable } from 'kysely';
import type { DB, UsdtChainWatchTable } from '../../schema/tables.js';
import type { EvmChain } from './chains.js';
import type { RpcError } from './evm-rpc.js';

export type ChainWatch = Selectable<UsdtChainWatchTable>;

/** Blocks one eth_getLogs asks for at most; public nodes commonly cap ranges at 1,000 to 5,000. */
export const MAX_SPAN = 1000;
/** How far before the safe head a chain's first scan starts: a payment made just before the watcher's first round is still read. */
export const FIRST_LOOKBACK = 1000;
/** A node that asks us to slow down gets this pause; other failures double from the poll interval up to 5 minutes. */
const RATE_LIMIT_PAUSE_MS = 30_000;
const MAX_PAUSE_MS = 5 * 60_000;

/** Cursor of a chain not read yet: its first scan starts FIRST_LOOKBACK blocks before the block safe then. */
export const NOT_STARTED = -1;

/** The chain's watch row (a new one not started, so a first failure has somewhere to be shown). */
export async function loadChainWatch(db: Kysely<DB>, chain: EvmChain): Promise<ChainWatch> {
  const found = await db.selectFrom('usdt_chain_watch').selectAll().where('chain', '=', chain).executeTakeFirst();
  if (found) return found;
  await db
    .insertInto('usdt_chain_watch')
    .values({ chain, cursor: NOT_STARTED, span: MAX_SPAN })
    .onConflict((oc) => oc.column('chain').doNothing())
    .execute();
  return db.selectFrom('usdt_chain_watch').selectAll().where('chain', '=', chain).executeTakeFirstOrThrow();
}

/** Places a new chain's cursor (once: a process that got there first wins); the cursor as it now stands. */
export async function startCursor(db: Kysely<DB>, chain: EvmChain, safeHead: number): Promise<number> {
  await db
    .updateTable('usdt_chain_watch')
    .set({ cursor: Math.max(0, safeHead - FIRST_LOOKBACK) })
    .where('chain', '=', chain)
    .where('cursor', '=', NOT_STARTED)
    .execute();
  const row = await db.selectFrom('usdt_chain_watch').select('cursor').where('chain', '=', chain).executeTakeFirstOrThrow();
  return Number(row.cursor);
}

export async function readChainWatch(db: Kysely<DB>, chain: EvmChain): Promise<ChainWatch | undefined> {
  return db.selectFrom('usdt_chain_watch').selectAll().where('chain', '=', chain).executeTakeFirst();
}

/**
 * Moves the cursor from `from` to `to` inside the window's transaction, first thing, so the row stays
 * locked until the window's credits commit. False when the cursor is no longer at `from`: another
 * process handled this window (the caller rolls back).
 */
export async function claimWindow(trx: Kysely<DB>, chain: EvmChain, from: number, to: number): Promise<boolean> {
  const done = await trx
    .updateTable('usdt_chain_watch')
    .set({ cursor: to })
    .where('chain', '=', chain)
    .where('cursor', '=', from)
    .executeTakeFirst();
  return Number(done.numUpdatedRows) === 1;
}

export async function setSpan(db: Kysely<DB>, chain: EvmChain, span: number): Promise<void> {
  await db.updateTable('usdt_chain_watch').set({ span }).where('chain', '=', chain).execute();
}

export async function markChainPolled(db: Kysely<DB>, chain: EvmChain, head: number, now: number): Promise<void> {
  await db
    .updateTable('usdt_chain_watch')
    .set({ head, last_poll_at: now, last_ok_at: now, last_error: null, failures: 0, retry_at: 0 })
    .where('chain', '=', chain)
    .execute();
}

/** A failed scan: its reason for the sup and a pause before the next try. */
export async function markChainFailed(db: Kysely<DB>, state: ChainWatch, pollMs: number, now: number, error: RpcError): Promise<number> {
  const failures = Number(state.failures) + 1;
  const pause = error.rateLimited ? RATE_LIMIT_PAUSE_MS : Math.min(MAX_PAUSE_MS, pollMs * 2 ** Math.min(failures, 10));
  await db
    .updateTable('usdt_chain_watch')
    .set({ last_poll_at: now, last_error: error.message.slice(0, 255), last_error_at: now, failures, retry_at: now + pause })
    .where('chain', '=', state.chain)
    .execute();
  return pause;
}
