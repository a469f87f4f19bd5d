import type { Kysely, Selectable } from 'kysely';
import type { DB, UsdtWatchTable } from '../../schema/tables.js';
import type { UsdtConfig } from './config.js';
import { TronGridError } from './trongrid.js';
import type { Chain } from './chains.js';

export type WatchState = Selectable<UsdtWatchTable>;

/** Each confirmed scan starts this far before the newest transfer already handled (index lag, clock drift). */
export const OVERLAP_MS = 3 * 60_000;
/** Orders expired this recently still get the fast scan: a payment made at the last second shows soon. */
export const RECENT_MS = 5 * 60_000;
/** TronGrid blocks a key or address for 30 s when it asks too often. */
const RATE_LIMIT_PAUSE_MS = 30_000;
const MAX_PAUSE_MS = 5 * 60_000;

/**
 * A transfer seen in a block solidifies within about a minute. One still unconfirmed after this long
 * fell out of the chain (very rare on TRON); its order stays "confirming" for a person to judge, and
 * is credited if the transaction comes back in a later block, but no longer makes the watcher hurry.
 */
const CONFIRM_PATIENCE_MS = 30 * 60_000;

/** Orders that make a watcher poll often: waiting, confirming (for a while), or just expired; of one chain, or of all. */
export function watchingOrders(db: Kysely<DB>, now: number, chain?: Chain) {
  const q = db.selectFrom('usdt_orders');
  return (chain === undefined ? q : q.where('chain', '=', chain)).where((eb) =>
    eb.or([
      eb('state', '=', 'waiting'),
      eb.and([eb('state', '=', 'confirming'), eb('block_time', '>', now - CONFIRM_PATIENCE_MS)]),
      eb.and([eb('state', '=', 'expired'), eb('expires_at', '>', now - RECENT_MS)]),
    ]),
  );
}

/** The configured TRC20 address and every TRC20 address an order still waits on (the sup may have changed it). */
export async function watchedAddresses(db: Kysely<DB>, cfg: UsdtConfig, now: number): Promise<string[]> {
  const rows = await watchingOrders(db, now, 'trc20').select('address').distinct().execute();
  return [...new Set([...(cfg.address ? [cfg.address] : []), ...rows.map((r) => r.address)])];
}

/** The watch row of an address; a new one starts just before the oldest order still open there. */
export async function loadWatch(db: Kysely<DB>, address: string, now: number): Promise<WatchState> {
  const found = await db.selectFrom('usdt_watch').selectAll().where('address', '=', address).executeTakeFirst();
  if (found) return found;
  const oldest = await watchingOrders(db, now)
    .where('address', '=', address)
    .select((eb) => eb.fn.min<number>('create_at').as('t'))
    .executeTakeFirst();
  const cursor = Math.min(now, Number(oldest?.t ?? now)) - OVERLAP_MS;
  await db
    .insertInto('usdt_watch')
    .values({ address, cursor })
    .onConflict((oc) => oc.column('address').doNothing())
    .execute();
  return db.selectFrom('usdt_watch').selectAll().where('address', '=', address).executeTakeFirstOrThrow();
}

/** The cursor only moves forward: to the newest block time handled. */
export async function advanceCursor(db: Kysely<DB>, address: string, blockTime: number): Promise<void> {
  await db.updateTable('usdt_watch').set({ cursor: blockTime }).where('address', '=', address).where('cursor', '<', blockTime).execute();
}

export async function markPolled(db: Kysely<DB>, address: string, now: number): Promise<void> {
  await db
    .updateTable('usdt_watch')
    .set({ last_poll_at: now, last_ok_at: now, last_error: null, failures: 0, retry_at: 0 })
    .where('address', '=', address)
    .execute();
}

/** A failed poll: its reason for the sup, and a pause (30 s when rate-limited, else doubling up to 5 min). */
export async function markFailed(db: Kysely<DB>, state: WatchState, cfg: UsdtConfig, now: number, error: TronGridError): Promise<number> {
  const failures = Number(state.failures) + 1;
  const pause = error.rateLimited ? RATE_LIMIT_PAUSE_MS : Math.min(MAX_PAUSE_MS, cfg.pollMs * 2 ** Math.min(failures, 10));
  await db
    .updateTable('usdt_watch')
    .set({ last_poll_at: now, last_error: error.message.slice(0, 255), last_error_at: now, failures, retry_at: now + pause })
    .where('address', '=', state.address)
    .execute();
  return pause;
}
