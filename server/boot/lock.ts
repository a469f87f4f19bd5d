import path from 'node:path';
import SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { Database } from '../platform/db/connection.js';

/** The lock's first key on PostgreSQL (this product's startup); the second is the schema, so schemas do not wait for each other. */
const PG_KEY = 0x636f6e73;
const RETRY_MS = 50;

/**
 * Runs `work` (migrations, the first sup, building the console) while no other process starting on
 * the same database does, so any number of them may start at once: the first migrates and creates
 * the sup, the others then find both done. PostgreSQL: a session advisory lock on a connection of
 * its own; SQLite: an exclusive lock on DATA_DIR/startup.lock, a file of its own, because the
 * database's write lock is the one the migrations themselves take. Either lock goes with the
 * process if it dies.
 */
export async function withStartupLock<T>(database: Database, dataDir: string, work: () => Promise<T>): Promise<T> {
  const release = database.pgPool ? await lockPostgres(database.pgPool) : await lockFile(path.join(dataDir, 'startup.lock'));
  try {
    return await work();
  } finally {
    await release();
  }
}

async function lockPostgres(pool: pg.Pool): Promise<() => Promise<void>> {
  const client = await pool.connect();
  const key = `${PG_KEY}, hashtext(current_schema())`;
  try {
    await client.query(`select pg_advisory_lock(${key})`);
  } catch (error) {
    client.release(true);
    throw error;
  }
  return async () => {
    try {
      await client.query(`select pg_advisory_unlock(${key})`);
      client.release();
    } catch {
      client.release(true); // ending the session ends the lock
    }
  };
}

async function lockFile(file: string): Promise<() => Promise<void>> {
  const handle = new SQLite(file, { timeout: 0 });
  for (;;) {
    try {
      handle.exec('begin exclusive');
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY') {
        handle.close();
        throw error;
      }
      // Waiting here, not in SQLite's busy handler, keeps the event loop (and the signal handlers) running.
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
  return async () => {
    handle.exec('rollback');
    handle.close();
  };
}
