import path from 'node:path';
import type { Settings } from '../env.js';
import type { Job } from '../platform/jobs/runner.js';
import { backupDirOf, listBackups, prune } from './files.js';
import { findTool, missingTool } from './postgres.js';
import { takeBackup } from './take.js';

/** How often the job looks whether a backup is due: a restart never postpones one by a whole interval. */
const CHECK_MS = 5 * 60_000;
/** After a failure, the next try (or the interval, when shorter). */
const RETRY_MS = 60 * 60_000;

/** Per settings (one app), when to try again after a failure or a missing pg_dump. */
const retryAt = new WeakMap<Settings, number>();

/**
 * Scheduled backups (BACKUP_INTERVAL_HOURS, BACKUP_KEEP, BACKUP_DIR), under the job lease so one
 * process takes them. A backup is due when the newest in the folder (by its name's time, manual ones
 * included) is an interval old; after writing one, only the newest BACKUP_KEEP are kept. Each backup
 * written, and each failure, is a line in the server's log.
 */
export const backupJob: Job = {
  name: 'backup',
  everyMs: (ctx) => Math.min(CHECK_MS, ctx.settings.backupIntervalMs || CHECK_MS),
  async run(ctx) {
    const { settings } = ctx;
    const every = settings.backupIntervalMs;
    const now = ctx.now();
    if (!every || !isDue(backupDirOf(settings), every, now) || now < (retryAt.get(settings) ?? 0)) return;
    // pg_dump is given DATABASE_URL: an app on PostgreSQL reached otherwise has nothing to give it.
    if (ctx.database.dialect === 'postgres' && !settings.databaseUrl) return;
    if (ctx.database.dialect === 'postgres' && !findTool('pg_dump')) {
      ctx.log.warn(`定时备份跳过：${missingTool('pg_dump')}`);
      retryAt.set(settings, now + every);
      return;
    }
    try {
      const taken = await takeBackup(settings, { now, sqliteFile: ctx.database.sqlite?.name });
      const head = taken.manifest.auditHead;
      ctx.log.info(
        { file: taken.file, bytes: taken.bytes, auditAnchor: head },
        `定时备份已写入 ${taken.file}（${(taken.bytes / 1e6).toFixed(1)} MB）${head ? `，审计链锚点 ${head.anchor}（共 ${head.rows} 行）` : ''}`,
      );
      const removed = prune(path.dirname(taken.file), settings.backupKeep);
      if (removed.length) ctx.log.info(`按 BACKUP_KEEP=${settings.backupKeep} 删除了较早的备份：${removed.join(', ')}`);
      retryAt.delete(settings);
    } catch (err) {
      ctx.log.error(`定时备份失败（${Math.round(Math.min(every, RETRY_MS) / 60_000)} 分钟后再试）：${(err as Error).message}`);
      retryAt.set(settings, now + Math.min(every, RETRY_MS));
    }
  },
};

/** No backup in `dir` yet, the newest an interval old, or one dated ahead of the clock (it was set back). */
function isDue(dir: string, every: number, now: number): boolean {
  const newest = listBackups(dir).pop();
  return !newest || now - newest.at >= every || newest.at > now + CHECK_MS;
}
