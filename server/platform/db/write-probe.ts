import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from './tables.js';

/** Rows the probe writes: some pages' worth (about 16 KB with their index entries), room a full disk has not got. */
const PROBE_ROWS = 128;

/**
 * A write that must reach the disk: rows into the platform's own job_leases table and out again,
 * committed (a rolled-back write never leaves memory). Their names are the probe's own and no other
 * transaction ever sees them, so no job's lease is touched. Throws what the database says when it cannot.
 */
export async function probeWrite(db: Kysely<DB>): Promise<void> {
  const prefix = `write-probe:${crypto.randomBytes(8).toString('hex')}:`;
  const rows = Array.from({ length: PROBE_ROWS }, (_, i) => ({
    name: `${prefix}${i}`,
    owner: crypto.randomBytes(32).toString('hex'),
    expires_at: 0,
  }));
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('job_leases').values(rows).execute();
    await trx.deleteFrom('job_leases').where('name', 'like', `${prefix}%`).execute();
  });
}
