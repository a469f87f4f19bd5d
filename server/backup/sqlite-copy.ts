import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import SQLite from 'better-sqlite3';

/**
 * A consistent copy of a live SQLite file through SQLite's online backup API (better-sqlite3's
 * `backup`), never a file copy: the copy reads through a connection, so commits still in the WAL are
 * in it and a transaction half-written is not. The whole database is copied in one step: a backup
 * in several steps starts over whenever another connection commits between two of them, and under
 * steady purchases it would never end. That step runs in a worker thread with its own connection,
 * so the server's event loop is not held while the pages are copied (a read transaction in WAL mode
 * does not stop writers either). The copy is then turned into a single self-contained file
 * (journal_mode DELETE; a server opening it puts WAL back) and asked which migrations it has and
 * where its audit trail ends.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.module);
(async () => {
  const source = new Database(workerData.source, { fileMustExist: true, timeout: 10000 });
  try {
    await source.backup(workerData.dest, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new Database(workerData.dest, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error('copy failed its check: ' + check);
    const hasTable = copy.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    const migrations = hasTable ? copy.prepare('select name from kysely_migration').all().map((r) => r.name) : [];
    const hasAudit = copy.prepare("select 1 from sqlite_master where type = 'table' and name = 'audit'").get();
    const last = hasAudit ? copy.prepare('select id, hash from audit order by id desc limit 1').get() : undefined;
    const auditHead = last
      ? { id: Number(last.id), hash: last.hash, rows: Number(copy.prepare('select count(*) as n from audit where id <= ?').get(last.id).n) }
      : null;
    parentPort.postMessage({ migrations, auditHead });
  } finally {
    copy.close();
  }
})().catch((err) => parentPort.postMessage({ error: String(err && err.message || err) }));
`;

export type AuditHeadOfCopy = { id: number; hash: string; rows: number } | null;

/** Copies the database `source` into the new file `dest`; answers the copy's applied migrations and audit head. */
export function copySqlite(source: string, dest: string): Promise<{ migrations: string[]; auditHead: AuditHeadOfCopy }> {
  const module = createRequire(import.meta.url).resolve('better-sqlite3');
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true, workerData: { module, source, dest } });
    let answered = false;
    worker.once('message', (msg: { migrations?: string[]; auditHead?: AuditHeadOfCopy; error?: string }) => {
      answered = true;
      if (msg.error) reject(new Error(msg.error));
      else resolve({ migrations: msg.migrations ?? [], auditHead: msg.auditHead ?? null });
    });
    worker.once('error', (err) => {
      answered = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`backup worker exited (${code})`));
    });
  });
}

/** The same check on a restored file, in this thread (a restore runs with no server beside it). */
export function checkSqlite(file: string): { migrations: string[] } {
  const db = new SQLite(file, { fileMustExist: true });
  try {
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new Error(`数据库文件检查未通过: ${String(check)}`);
    const hasTable = db.prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    const migrations = hasTable ? (db.prepare('select name from kysely_migration').all() as { name: string }[]).map((r) => r.name) : [];
    return { migrations };
  } finally {
    db.close();
  }
}

/**
 * Until when a server process holds a job lease on this database (they renew theirs every few
 * seconds and give them up when they stop): null when none does, or the file is not one of ours.
 */
export function sqliteLeaseUntil(file: string, now: number): number | null {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { fileMustExist: true, readonly: true });
    const row = db.prepare('select max(expires_at) as until from job_leases where expires_at > ?').get(now) as { until: number | null };
    return row.until === null ? null : Number(row.until);
  } catch {
    return null;
  } finally {
    db?.close();
  }
}
