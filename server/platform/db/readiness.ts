import { sql, type Kysely } from 'kysely';

/** How long a readiness check waits for the database before calling it unresponsive. */
const TIMEOUT_MS = 3000;

/**
 * Whether the database can serve: it answers, and holds every migration named (their bookkeeping
 * table is Kysely's, in the connection's schema). Null when ready, else why not, in Chinese. Once
 * every migration was seen, later checks only ask the database to answer: one is never undone.
 */
export function databaseReadiness(db: Kysely<any>, migrations: string[], timeoutMs = TIMEOUT_MS): () => Promise<string | null> {
  let migrated = false;
  return async () => {
    try {
      await within(sql`select 1`.execute(db), timeoutMs);
    } catch (error) {
      return error instanceof TimeoutError ? `数据库无响应（${timeoutMs / 1000} 秒内没有应答）` : '数据库无法连接';
    }
    if (migrated) return null;
    let applied: Set<string>;
    try {
      const rows = await within(db.selectFrom('kysely_migration').select('name').execute(), timeoutMs);
      applied = new Set(rows.map((r: { name: string }) => r.name));
    } catch {
      return '数据库尚未迁移';
    }
    const missing = migrations.filter((name) => !applied.has(name)).length;
    if (missing) return `数据库尚未迁移到最新版本（还差 ${missing} 项迁移）`;
    migrated = true;
    return null;
  };
}

class TimeoutError extends Error {}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const late = new Promise<never>((_resolve, reject) => { timer = setTimeout(() => reject(new TimeoutError()), ms); });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
