import { sql, type Kysely } from 'kysely';
import { isDiskFull, type WriteHealth } from './disk-full.js';
import { probeWrite } from './write-probe.js';
import type { DB } from './tables.js';

/** How long a readiness check waits for the database before calling it unresponsive. */
const TIMEOUT_MS = 3000;

/**
 * Whether the database can serve: it answers, its writes are not failing for want of disk space, and
 * it holds every migration named (their bookkeeping table is Kysely's, in the connection's schema).
 * Null when ready, else why not, in Chinese. Once every migration was seen, later checks only ask the
 * database to answer: one is never undone. While `writes` says a write failed on a full disk, each
 * check tries a write of its own, and only one that succeeds makes the database ready again.
 */
export function databaseReadiness(
  db: Kysely<DB>,
  migrations: string[],
  writes?: WriteHealth,
  timeoutMs = TIMEOUT_MS,
): () => Promise<string | null> {
  let migrated = false;
  return async () => {
    try {
      await within(sql`select 1`.execute(db), timeoutMs);
    } catch (error) {
      return error instanceof TimeoutError ? `数据库无响应（${timeoutMs / 1000} 秒内没有应答）` : '数据库无法连接';
    }
    if (writes?.failing) {
      const full = await stillFull(db, writes, timeoutMs);
      if (full) return full;
    }
    if (migrated) return null;
    let applied: Set<string>;
    try {
      // Kysely's bookkeeping table: no migration declares it.
      const rows = await within(
        db.withTables<{ kysely_migration: { name: string } }>().selectFrom('kysely_migration').select('name').execute(),
        timeoutMs,
      );
      applied = new Set(rows.map((r) => r.name));
    } catch {
      return '数据库尚未迁移';
    }
    const missing = migrations.filter((name) => !applied.has(name)).length;
    if (missing) return `数据库尚未迁移到最新版本（还差 ${missing} 项迁移）`;
    migrated = true;
    return null;
  };
}

/** The probe write's verdict: null once a write succeeds again, else why the database cannot take writes. */
async function stillFull(db: Kysely<DB>, writes: WriteHealth, timeoutMs: number): Promise<string | null> {
  try {
    await within(probeWrite(db), timeoutMs);
  } catch (error) {
    if (isDiskFull(error) || error instanceof TimeoutError) return DISK_FULL_NOT_READY;
    // Another failure is the other checks' to say; the disk is not known to be full any more.
  }
  writes.recovered();
  return null;
}

const DISK_FULL_NOT_READY = '磁盘已满，数据库无法写入：请清理数据所在磁盘（DATA_DIR 或 PostgreSQL 的数据目录）的空间';

class TimeoutError extends Error {}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError()), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
