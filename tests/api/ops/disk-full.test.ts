/**
 * A full disk, for real (a small tmpfs under DATA_DIR, a PostgreSQL tablespace on one, a full
 * BACKUP_DIR), under the server as an operator runs it: a write refused for want of space answers
 * HTTP 503 with 「磁盘已满，无法写入：请清理磁盘空间后重试」 (never a 500) and the log says "disk full"
 * (not a failed rollback); /readyz answers 503 while writes fail and 200 once a write succeeds again;
 * /metrics shows the free bytes of DATA_DIR, the database's size and the failing writes; a start on a
 * full DATA_DIR and a backup into a full BACKUP_DIR each say so in one Chinese line with what to do.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropPgDatabase, freshPgDatabase } from '../../helpers/data-dir-server.js';
import {
  baseEnv,
  failedStart,
  ownLines,
  printed,
  ROOT,
  STACK_LINE,
  startMain,
  stopMain,
  tempDir,
  type MainProcess,
} from '../../helpers/main-process.js';
import { fillerIn, mountSmallDisk, pgOnSmallDisk, postgresUser, smallDiskMissing, type SmallDisk } from '../../helpers/small-disk.js';
import { goodsDefaults } from '../../helpers/commerce.js';
import { chinese, dbKinds, SUP } from '../../helpers/server.js';

const DISK_FULL = '磁盘已满，无法写入：请清理磁盘空间后重试';
const MB = 1024 * 1024;

async function post(url: string, p: string, body: unknown, token?: string) {
  const res = await fetch(url + p, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) };
}

async function readyz(url: string) {
  const res = await fetch(`${url}/readyz`);
  return { status: res.status, body: await res.json() };
}

const metrics = async (url: string) => (await fetch(`${url}/metrics`)).text();
const gauge = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);

/** Numbers to import: enough bytes that they never fit in what is left of a full disk. */
const numbers = (n: number, first: number) => Array.from({ length: n }, (_, i) => String(first + i)).join('\n');

describe.skipIf(smallDiskMissing !== null || (dbKinds.includes('postgres') && !postgresUser())).each(dbKinds)(
  'a full disk under a running server on %s',
  (kind) => {
    let proc: MainProcess | undefined;
    let databaseUrl = '';
    let disk: { fill(): void | Promise<void>; free(): void | Promise<void> };
    let pgDisk: Awaited<ReturnType<typeof pgOnSmallDisk>> | undefined;
    let dataDir: string;
    let sup: string;
    let goods: number;

    beforeAll(async () => {
      if (kind === 'postgres') {
        databaseUrl = await freshPgDatabase('ops_disk_full');
        dataDir = tempDir();
      } else {
        dataDir = mountSmallDisk(24 * MB).dir;
      }
      proc = await startMain(baseEnv(dataDir, databaseUrl, { ADMIN_PASSWORD: SUP.password, LOG_LEVEL: 'info' }));
      if (kind === 'postgres') {
        pgDisk = await pgOnSmallDisk(databaseUrl, 24 * MB);
        disk = pgDisk;
      } else {
        disk = sqliteDisk(dataDir);
      }
      sup = (await post(proc.url, '/api/user/login', SUP)).json.data.token;
      const added = await post(proc.url, '/api/goods/add', goodsDefaults, sup);
      expect(added.json.code, added.text).toBe(200);
      goods = added.json.data.id;
    });
    afterAll(async () => {
      await stopMain(proc);
      await pgDisk?.close();
      await dropPgDatabase(databaseUrl || undefined);
    });

    it(
      'a stock import on the full disk: 503 saying the disk is full, the log names it; /readyz 503 until a write succeeds again',
      { timeout: 120_000 },
      async () => {
        const before = await post(proc!.url, '/api/stock/import', { goods_id: goods, text: numbers(10, 8613900000000) }, sup);
        expect(before.json.code, before.text).toBe(200);
        expect((await readyz(proc!.url)).status).toBe(200);

        await disk.fill();
        const refused = await post(proc!.url, '/api/stock/import', { goods_id: goods, text: numbers(5000, 8613910000000) }, sup);
        expect(refused.status, refused.text).toBe(503);
        expect(refused.json).toEqual({ code: 503, message: DISK_FULL, data: null });
        await printed(proc!, 'disk full: write refused');
        expect(proc!.output()).not.toContain('cannot rollback');
        expect(proc!.output()).not.toContain('unhandled error');

        const notReady = await readyz(proc!.url);
        expect(notReady.status).toBe(503);
        expect(notReady.body.message).toMatch(/磁盘已满/);
        const m = await metrics(proc!.url);
        expect(gauge(m, 'db_writes_failing')).toBe(1);
        expect(gauge(m, 'database_size_bytes')).toBeGreaterThan(0);
        if (kind === 'sqlite') expect(gauge(m, 'data_dir_free_bytes')).toBeLessThan(64 * 1024);
        // Still full: the probe write of the next check fails as well.
        expect((await readyz(proc!.url)).status).toBe(503);

        await disk.free();
        expect((await readyz(proc!.url)).status).toBe(200);
        expect(gauge(await metrics(proc!.url), 'db_writes_failing')).toBe(0);
        const after = await post(proc!.url, '/api/stock/import', { goods_id: goods, text: numbers(5000, 8613910000000) }, sup);
        expect(after.json.code, after.text).toBe(200);
        expect(after.json.data.added).toBe(5000);
      },
    );

    it(
      'npm run backup into a full BACKUP_DIR: one Chinese line saying the disk is full and what to do, nothing left behind',
      { timeout: 120_000 },
      async () => {
        const backups = mountSmallDisk(256 * 1024);
        backups.fill();
        const r = await runScript('backup.ts', baseEnv(dataDir, databaseUrl, { BACKUP_DIR: backups.dir }));
        expect(r.code, r.stderr).toBe(1);
        expect(r.stderr).not.toMatch(STACK_LINE);
        const lines = ownLines(r.stderr);
        expect(lines, r.stderr).toHaveLength(1);
        expect(lines[0]).toContain(`备份目录 ${backups.dir} 所在的磁盘已满`);
        expect(lines[0]).toMatch(/请清理该磁盘的空间.*BACKUP_DIR/);
        expect(lines[0]).not.toMatch(/出错了|database or disk is full/);
        expect(fs.readdirSync(backups.dir)).toEqual(['filler.bin']);
      },
    );
  },
);

describe.skipIf(smallDiskMissing !== null)('a start on a full disk', () => {
  it('names the full disk under DATA_DIR in one Chinese line, with what to do, and no stack trace', { timeout: 60_000 }, async () => {
    const disk = mountSmallDisk(2 * MB);
    disk.fill();
    const r = await failedStart(baseEnv(disk.dir));
    expect(r.listened, r.output).toBe(false);
    expect(r.code).not.toBe(0);
    expect(r.stderr).not.toMatch(STACK_LINE);
    const lines = ownLines(r.stderr);
    expect(lines, r.output).toHaveLength(1);
    expect(chinese(lines[0])).toBe(true);
    expect(lines[0]).toContain(`DATA_DIR=${disk.dir} 所在的磁盘已满`);
    expect(lines[0]).toContain('请清理该磁盘的空间');
  });
});

/** A SQLite DATA_DIR on its small disk: the write-ahead log emptied first, so no write finds room left in it. */
function sqliteDisk(dataDir: string): Pick<SmallDisk, 'fill' | 'free'> {
  const filler = fillerIn(dataDir);
  return {
    fill() {
      const db = new SQLite(path.join(dataDir, 'app.db'), { timeout: 10_000 });
      try {
        db.pragma('wal_checkpoint(TRUNCATE)');
      } finally {
        db.close();
      }
      filler.fill();
    },
    free: () => filler.free(),
  };
}

function runScript(script: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', script)], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => {
      stdout += c;
    });
    child.stderr.on('data', (c) => {
      stderr += c;
    });
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}
