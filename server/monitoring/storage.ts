import fs from 'node:fs';
import { sql } from 'kysely';
import type { Ctx } from '../platform/context.js';

/** Bytes free for this process's user on the filesystem of DATA_DIR; null when it cannot be asked. */
export function dataDirFreeBytes(dataDir: string): number | null {
  try {
    const s = fs.statfsSync(dataDir || '.');
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

/** The database's size on disk: SQLite's file and its write-ahead log, or PostgreSQL's pg_database_size. */
export async function databaseSizeBytes(ctx: Ctx): Promise<number | null> {
  const sqlite = ctx.database.sqlite;
  if (sqlite) return [sqlite.name, `${sqlite.name}-wal`].reduce((sum, file) => sum + sizeOf(file), 0);
  const row = await sql<{ bytes: number }>`select pg_database_size(current_database()) as bytes`.execute(ctx.db);
  return Number(row.rows[0]?.bytes ?? 0);
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}
