import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Ctx } from '../platform/context.js';
import type { Database } from '../platform/db/connection.js';
import type { DB } from '../schema/tables.js';
import { prepared } from '../platform/db/fast-query.js';
import { hashToken } from './session-tokens.js';

/**
 * A customer's key to the SMS-Activate protocol: `sak_` and 256 random bits (base64url), so it is
 * recognisable in a script or a leak report and never taken for a console session token (which has
 * no prefix). Only its SHA-256 is stored; the key itself is answered once, when made.
 */
export const KEY_PREFIX = 'sak_';
const KEY_SHAPE = /^sak_[A-Za-z0-9_-]{43}$/;
/** `last_used_at` is written at most this often per key: a script polling every second writes nothing. */
const TOUCH_EVERY_MS = 60_000;

export function newApiKey(): string {
  return KEY_PREFIX + crypto.randomBytes(32).toString('base64url');
}

/** The key as the console shows it afterwards: its prefix and last 4 characters. */
export const maskedKey = (hint: string) => `${KEY_PREFIX}…${hint}`;

export interface KeyOwner {
  keyId: number;
  userId: number;
  lastUsedAt: number | null;
  hash: string;
}

const byHash = prepared((db) =>
  db
    .selectFrom('api_keys as k')
    .innerJoin('users as u', 'u.id', 'k.user_id')
    .select(['k.id', 'k.user_id', 'k.revoked_at', 'k.last_used_at', 'u.status', 'u.type'])
    .where('k.key_hash', '=', ''),
);

/**
 * The customer behind a key, or null: unknown, revoked, an account disabled or made a sup since.
 * Read through the process's short cache like sessions are (READ_CACHE_MS): a revocation or a
 * disabled account takes effect at once in this process and within that time in the others.
 */
export async function resolveApiKey(database: Database, key: string, now: number): Promise<KeyOwner | null> {
  if (!KEY_SHAPE.test(key)) return null;
  // Kept by the key itself (in this process's memory only, for at most READ_CACHE_MS), so a script
  // polling every second is not hashed again on every call; only keys that exist are kept, so
  // guesses cannot crowd the cache the sessions share.
  const [row] = await database.caches.get(
    `apikey:${key}`,
    now,
    async () => {
      const hash = hashToken(key);
      return (await byHash(database, [hash])).map((r) => ({ ...r, hash }));
    },
    (rows) => rows.length > 0,
  );
  if (!row || row.revoked_at !== null || row.status !== 'active' || row.type === 'sup') return null;
  return {
    keyId: Number(row.id),
    userId: Number(row.user_id),
    lastUsedAt: row.last_used_at === null ? null : Number(row.last_used_at),
    hash: row.hash,
  };
}

/** When this process last recorded each key's use, per database (by the key's hash: a rotated key is a new one). */
const touchedIn = new WeakMap<Database, Map<string, number>>();

/** Records that a key was used, at most once a minute per key and process; a failure to record it fails no call. */
export async function touchApiKey(ctx: Ctx, owner: KeyOwner): Promise<void> {
  const now = ctx.now();
  let touched = touchedIn.get(ctx.database);
  if (!touched) touchedIn.set(ctx.database, (touched = new Map()));
  const last = Math.max(owner.lastUsedAt ?? 0, touched.get(owner.hash) ?? 0);
  if (now - last < TOUCH_EVERY_MS) return;
  if (touched.size > 100_000) touched.clear();
  touched.set(owner.hash, now);
  await ctx.db
    .updateTable('api_keys')
    .set({ last_used_at: now })
    .where('id', '=', owner.keyId)
    .execute()
    .catch((err) => ctx.log.warn({ err }, 'api key last-used update failed'));
}

/** Makes the customer's key, or replaces it (the old one stops working at once). */
export async function issueApiKey(db: Kysely<DB>, userId: number, now: number, inside?: (trx: Kysely<DB>, hint: string) => Promise<void>) {
  const key = newApiKey();
  const hint = key.slice(-4);
  const row = { user_id: userId, key_hash: hashToken(key), hint, create_at: now, last_used_at: null, revoked_at: null, revoked_by: null };
  const replaced = await db.transaction().execute(async (trx) => {
    const old = await trx.selectFrom('api_keys').select('revoked_at').where('user_id', '=', userId).executeTakeFirst();
    await trx
      .insertInto('api_keys')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet({ key_hash: row.key_hash, hint, create_at: now, last_used_at: null, revoked_at: null, revoked_by: null }),
      )
      .execute();
    await inside?.(trx, hint);
    return old !== undefined && old.revoked_at === null;
  });
  return { key, hint, createAt: now, replaced };
}

/** The sup ends a customer's key; false when the customer has none in use. */
export async function revokeApiKey(db: Kysely<DB>, userId: number, supId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: now, revoked_by: supId })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function apiKeyOf(db: Kysely<DB>, userId: number) {
  return db
    .selectFrom('api_keys')
    .select(['hint', 'create_at', 'last_used_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** The user list's `api_key` column: whether each user holds a key in use. */
export async function presentApiKeys(db: Kysely<DB>, rows: Record<string, unknown>[]): Promise<void> {
  const ids = rows.map((r) => Number(r.id));
  if (!ids.length) return;
  const live = await db.selectFrom('api_keys').select('user_id').where('user_id', 'in', ids).where('revoked_at', 'is', null).execute();
  const holders = new Set(live.map((k) => Number(k.user_id)));
  for (const row of rows) row.api_key = holders.has(Number(row.id));
}
