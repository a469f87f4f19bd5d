import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/tables.js';

/**
 * A lease on a named job, kept in the database so that several server processes (on one SQLite file
 * or one PostgreSQL) run each background job in one process at a time. The holder renews it on
 * every run; a process that dies loses it when it expires, and another takes over.
 * Returns true when `owner` holds the lease until `now + ttlMs`.
 */
export async function acquireLease(db: Kysely<DB>, name: string, owner: string, now: number, ttlMs: number): Promise<boolean> {
  const result = await sql<{ owner: string }>`
    INSERT INTO job_leases (name, owner, expires_at) VALUES (${name}, ${owner}, ${now + ttlMs})
    ON CONFLICT (name) DO UPDATE SET owner = excluded.owner, expires_at = excluded.expires_at
      WHERE job_leases.owner = excluded.owner OR job_leases.expires_at <= ${now}
    RETURNING owner`.execute(db);
  return result.rows.length === 1 && result.rows[0].owner === owner;
}

/** Gives the lease up at once (on shutdown), so another process need not wait for it to expire. */
export async function releaseLease(db: Kysely<DB>, name: string, owner: string): Promise<void> {
  await db.updateTable('job_leases').set({ expires_at: 0 }).where('name', '=', name).where('owner', '=', owner).execute();
}
