/**
 * Scheduled backups (BACKUP_INTERVAL_HOURS, BACKUP_KEEP, BACKUP_DIR): the app's `backup` job writes a
 * backup when the newest in the folder is an interval old, keeps exactly BACKUP_KEEP of them, and says
 * in the log (Chinese) when it wrote one or failed; on PostgreSQL without pg_dump it skips with a line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupJob } from '../../../server/backup/job.js';
import { readSettings, type Settings } from '../../../server/env.js';
import type { Ctx } from '../../../server/platform/context.js';
import { dropPgDatabase, freshPgDatabase, serveDataDir } from '../../helpers/data-dir-server.js';
import { chinese, dbKinds, type TestServer } from '../../helpers/server.js';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 10, 26, 2, 15, 0);

describe('backup settings', () => {
  it('default to a backup a day, 7 kept, in DATA_DIR/backups; 0 turns them off or keeps all', () => {
    const defaults = readSettings({});
    expect(defaults).toMatchObject({ backupIntervalMs: 24 * HOUR, backupKeep: 7, backupDir: undefined });
    expect(readSettings({ BACKUP_INTERVAL_HOURS: '0', BACKUP_KEEP: '0' })).toMatchObject({ backupIntervalMs: 0, backupKeep: 0 });
    expect(readSettings({ BACKUP_INTERVAL_HOURS: '6', BACKUP_KEEP: '3', BACKUP_DIR: '/srv/backups' })).toMatchObject({
      backupIntervalMs: 6 * HOUR,
      backupKeep: 3,
      backupDir: '/srv/backups',
    });
  });
});

describe.each(dbKinds)('scheduled backups on %s', (kind) => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-job-'));
  const dataDir = path.join(tmp, 'data');
  let databaseUrl: string | undefined;
  let s: TestServer;

  beforeAll(async () => {
    databaseUrl = kind === 'postgres' ? await freshPgDatabase('backup_job') : undefined;
    s = await serveDataDir(dataDir, databaseUrl);
  });
  afterAll(async () => {
    await s?.close();
    await dropPgDatabase(databaseUrl);
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** The job's context at a time of the test's choosing, its log lines kept. */
  function jobCtx(settings: Partial<Settings>) {
    const lines: { level: string; msg: string }[] = [];
    const at = { now: T0 };
    const keep =
      (level: string) =>
      (...args: unknown[]) => {
        lines.push({ level, msg: String(args.find((a) => typeof a === 'string') ?? '') });
      };
    const log = {
      info: keep('info'),
      warn: keep('warn'),
      error: keep('error'),
      debug() {},
      trace() {},
      fatal: keep('fatal'),
      child: () => log,
    };
    const ctx: Ctx = {
      database: s.database,
      db: s.database.db,
      settings: { ...s.settings, ...settings },
      now: () => at.now,
      log: log as unknown as Ctx['log'],
    };
    return { ctx, lines, at };
  }
  const names = (dir: string) =>
    fs
      .readdirSync(dir)
      .filter((n) => n.startsWith('backup-'))
      .sort();

  it('writes a backup when the newest is an interval old, says so in the log, and keeps exactly BACKUP_KEEP', async () => {
    const dir = path.join(tmp, 'scheduled');
    const { ctx, lines, at } = jobCtx({ backupDir: dir, backupKeep: 3, backupIntervalMs: 24 * HOUR });
    await backupJob.run(ctx);
    expect(names(dir)).toEqual(['backup-20261126-021500.tar.gz']);
    expect(lines).toEqual([
      { level: 'info', msg: expect.stringContaining(`定时备份已写入 ${path.join(dir, 'backup-20261126-021500.tar.gz')}`) },
    ]);

    // Not due again within the interval (a restart, another round).
    at.now += 23 * HOUR;
    await backupJob.run(ctx);
    expect(names(dir)).toHaveLength(1);

    // Files of others in the folder are never touched.
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'keep me');
    fs.writeFileSync(path.join(dir, 'before-upgrade.tar.gz'), 'keep me');
    for (let day = 1; day <= 5; day++) {
      at.now = T0 + day * 24 * HOUR;
      await backupJob.run(ctx);
    }
    expect(names(dir)).toEqual(['backup-20261129-021500.tar.gz', 'backup-20261130-021500.tar.gz', 'backup-20261201-021500.tar.gz']);
    expect(fs.readdirSync(dir).sort()).toEqual([
      'backup-20261129-021500.tar.gz',
      'backup-20261130-021500.tar.gz',
      'backup-20261201-021500.tar.gz',
      'before-upgrade.tar.gz',
      'notes.txt',
    ]);
    expect(lines.filter((l) => l.msg.includes('按 BACKUP_KEEP=3 删除了较早的备份'))).toHaveLength(3);
    expect(lines.every((l) => chinese(l.msg))).toBe(true);
  });

  it('BACKUP_INTERVAL_HOURS=0: no backup is taken', async () => {
    const dir = path.join(tmp, 'off');
    const { ctx } = jobCtx({ backupDir: dir, backupIntervalMs: 0 });
    await backupJob.run(ctx);
    expect(fs.existsSync(dir)).toBe(false);
  });

  it('a failure is one Chinese line in the log, and the job tries again later', async () => {
    const blocker = path.join(tmp, 'a-file');
    fs.writeFileSync(blocker, '');
    const { ctx, lines, at } = jobCtx({ backupDir: path.join(blocker, 'backups'), backupIntervalMs: 24 * HOUR });
    await backupJob.run(ctx);
    expect(lines).toEqual([{ level: 'error', msg: expect.stringMatching(/^定时备份失败/) }]);
    at.now += 10 * 60_000;
    await backupJob.run(ctx);
    expect(lines).toHaveLength(1);
    at.now += HOUR;
    await backupJob.run(ctx);
    expect(lines).toHaveLength(2);
  });

  it('runs in the app as the job `backup`, under the job lease', async () => {
    s.clock.freeze(T0);
    (s.settings as Settings).backupDir = path.join(tmp, 'from-app');
    expect(await s.app.jobs.runNow('backup')).toBe(true);
    expect(names(path.join(tmp, 'from-app'))).toEqual(['backup-20261126-021500.tar.gz']);
  });

  it.runIf(kind === 'postgres')('without pg_dump installed, a scheduled backup is skipped with a line saying what to install', async () => {
    const dir = path.join(tmp, 'no-pg-dump');
    const { ctx, lines } = jobCtx({ backupDir: dir, backupIntervalMs: 24 * HOUR });
    const PATH = process.env.PATH;
    process.env.PATH = path.join(tmp, 'empty-path');
    try {
      await backupJob.run(ctx);
    } finally {
      process.env.PATH = PATH;
    }
    expect(lines).toEqual([
      { level: 'warn', msg: expect.stringMatching(/^定时备份跳过：未找到 pg_dump.*apt-get install postgresql-client.*pg_dump -Fc/) },
    ]);
    expect(fs.existsSync(dir) ? names(dir) : []).toEqual([]);
  });
});
