import crypto from 'node:crypto';
import type { Ctx } from '../platform/context.js';
import type { Database } from '../platform/db/connection.js';
import { prepared } from '../platform/db/fast-query.js';
import { secretBox } from '../platform/lib/secret-box.js';

/** An aggregator as its calls and pushes need it: its key opened. */
export interface Aggregator {
  id: number;
  name: string;
  key: string;
  pushUrl: string;
  enabled: boolean;
  /** Hundredths of a rouble per dollar. */
  rubRate: number;
}

const byId = prepared((db) =>
  db.selectFrom('aggregators').select(['id', 'name', 'key', 'push_url', 'enabled', 'rub_rate']).where('id', '=', 0),
);

/** Opened keys by their sealed text: opening is cheap, but every call of every aggregator asks. */
const opened = new Map<string, string>();

function openKey(ctx: Ctx, sealed: string): string {
  let key = opened.get(sealed);
  if (key === undefined) {
    if (opened.size > 1000) opened.clear();
    opened.set(sealed, (key = secretBox(ctx.settings).open(sealed)));
  }
  return key;
}

export async function aggregatorById(ctx: Ctx, id: number): Promise<Aggregator | null> {
  if (!Number.isSafeInteger(id) || id <= 0) return null;
  const [row] = await byId(ctx.database, [id]);
  if (!row) return null;
  return {
    id: Number(row.id),
    name: row.name,
    key: openKey(ctx, row.key),
    pushUrl: row.push_url,
    enabled: Boolean(Number(row.enabled)),
    rubRate: Number(row.rub_rate),
  };
}

/** Whether `given` is the aggregator's key, compared in constant time. */
export function keyMatches(aggregator: Aggregator, given: unknown): boolean {
  if (typeof given !== 'string' || !given) return false;
  const a = crypto.createHash('sha256').update(given).digest();
  const b = crypto.createHash('sha256').update(aggregator.key).digest();
  return crypto.timingSafeEqual(a, b);
}

/** When each aggregator's last call was written (per process): at most once every 10 s, not on every call. */
const stampedBy = new WeakMap<Database, Map<number, number>>();
const STAMP_EVERY_MS = 10_000;

/** Records that the aggregator called (its 最近请求 and the 未连接 state). */
export async function stampCall(ctx: Ctx, id: number): Promise<void> {
  const now = ctx.now();
  let stamped = stampedBy.get(ctx.database);
  if (!stamped) stampedBy.set(ctx.database, (stamped = new Map()));
  const last = stamped.get(id);
  if (last !== undefined && now - last < STAMP_EVERY_MS && now >= last) return;
  stamped.set(id, now);
  await ctx.db.updateTable('aggregators').set({ last_call_at: now }).where('id', '=', id).execute();
}
