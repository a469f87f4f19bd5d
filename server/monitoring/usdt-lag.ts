import type { Ctx } from '../platform/context.js';
import { readUsdtConfig, USDT_OVERLAP_MS, watchedAddresses } from '../finance/index.js';

/**
 * How far behind the USDT watcher is, from its watch state: of the addresses it must watch now (the
 * configured one and any an order waits on), the longest time since one was last read successfully.
 * An address never read yet counts from when its watch began (its first cursor is set that far
 * back). 0 when nothing is watched.
 */
export async function usdtWatcherLagSeconds(ctx: Ctx): Promise<number> {
  const now = ctx.now();
  const addresses = await watchedAddresses(ctx.db, await readUsdtConfig(ctx.db), now);
  if (!addresses.length) return 0;
  const rows = await ctx.db
    .selectFrom('usdt_watch')
    .select(['address', 'cursor', 'last_ok_at'])
    .where('address', 'in', addresses)
    .execute();
  const since = new Map(rows.map((r) => [r.address, r.last_ok_at === null ? Number(r.cursor) + USDT_OVERLAP_MS : Number(r.last_ok_at)]));
  // An address with no watch row yet has not been read at all: counted from now (the watcher makes it on its next round).
  const oldest = Math.min(...addresses.map((a) => since.get(a) ?? now));
  return Math.max(0, (now - oldest) / 1000);
}
