/**
 * Backup files a restore cannot use are refused before anything is written, each with its reason in
 * Chinese: one from a newer version (a migration this code does not know), another product's or
 * format's file, the other database's backup, an entry the manifest does not list, a size or a
 * checksum that disagrees with the manifest, a key the manifest says is there and is not.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { writeArchive, type Entry } from '../../../server/backup/archive.js';
import { restoreBackup } from '../../../server/backup/restore.js';
import { readSettings } from '../../../server/env.js';
import { migrations } from '../../../server/schema/migrate.js';
import { dropPgDatabase, freshPgDatabase } from '../../helpers/data-dir-server.js';
import { chinese } from '../../helpers/server.js';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-files-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const DB = Buffer.from('SQLite format 3\u0000 not really a database');
const known = Object.keys(migrations('sqlite'));

let n = 0;
async function archive(manifest: Record<string, unknown>, entries: Entry[] = [{ name: 'app.db', data: DB }]): Promise<string> {
  const file = path.join(tmp, `made-${++n}.tar.gz`);
  const m = {
    format: 1,
    app: 'code-console',
    appVersion: '0.1.0',
    dialect: 'sqlite',
    migration: known[known.length - 1],
    migrations: known,
    createdAt: new Date().toISOString(),
    key: 'none',
    files: [{ name: 'app.db', bytes: DB.length, sha256: sha(DB) }],
    ...manifest,
  };
  await writeArchive(file, [{ name: 'manifest.json', data: Buffer.from(JSON.stringify(m)) }, ...entries], Date.now());
  return file;
}

async function refusal(file: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  const dataDir = path.join(tmp, `target-${++n}`);
  const settings = readSettings({ DATA_DIR: dataDir, ...env });
  const error = await restoreBackup(settings, file, { force: false, now: Date.now() }).then(
    () => null,
    (err: Error) => err,
  );
  expect(error, 'refused').not.toBeNull();
  // Nothing left behind: the target folder was not there, and is not now.
  expect(fs.existsSync(dataDir)).toBe(false);
  return error!.message;
}

describe('a backup file the restore cannot use', () => {
  it('from a newer version (a migration this code does not have): upgrade first', async () => {
    const file = await archive({ appVersion: '9.9.9', migrations: [...known, '099_from_the_future'], migration: '099_from_the_future' });
    expect(await refusal(file)).toMatch(/更新的版本 9\.9\.9.*099_from_the_future.*请先把代码升级/);
  });

  it("another product's file, or a format this version does not read", async () => {
    expect(await refusal(await archive({ app: 'something-else' }))).toMatch(/不是本服务的备份文件/);
    expect(await refusal(await archive({ format: 2 }))).toMatch(/备份格式版本 2 不受支持/);
  });

  it('a SQLite backup where DATABASE_URL is set, and the other way round', async () => {
    const sqliteFile = await archive({});
    const pgFile = await archive({ dialect: 'postgres', files: [{ name: 'database.pgdump', bytes: DB.length, sha256: sha(DB) }] }, [
      { name: 'database.pgdump', data: DB },
    ]);
    expect(await refusal(pgFile)).toMatch(/这是 PostgreSQL 的备份/);
    if (process.env.TEST_DATABASE_URL) {
      const empty = await freshPgDatabase('backup_files');
      try {
        expect(await refusal(sqliteFile, { DATABASE_URL: empty })).toMatch(/这是 SQLite 的备份，而当前设置了 DATABASE_URL/);
      } finally {
        await dropPgDatabase(empty);
      }
    }
  });

  it('an entry the manifest does not list, a size or a checksum that disagrees', async () => {
    expect(
      await refusal(
        await archive({}, [
          { name: 'app.db', data: DB },
          { name: 'extra.sh', data: Buffer.from('rm -rf /') },
        ]),
      ),
    ).toMatch(/备份文件已损坏或不完整.*清单之外的条目 extra\.sh/);
    expect(await refusal(await archive({ files: [{ name: 'app.db', bytes: DB.length + 1, sha256: sha(DB) }] }))).toMatch(
      /app\.db 的大小与清单不符/,
    );
    expect(await refusal(await archive({ files: [{ name: 'app.db', bytes: DB.length, sha256: sha(Buffer.from('other')) }] }))).toMatch(
      /app\.db 的 SHA-256 与清单不符/,
    );
    expect(await refusal(await archive({}, []))).toMatch(/缺少 app\.db/);
  });

  it('a database file that is not a database', async () => {
    expect(await refusal(await archive({}))).toMatch(/数据库文件无法使用/);
  });

  it('a key the manifest says is included but the file lacks: refused before anything is written or moved aside, naming the key', async () => {
    const made = path.join(tmp, 'real.db');
    const real = new SQLite(made);
    real.exec('create table t (x integer)');
    real.close();
    const db = fs.readFileSync(made);
    const dbEntry = { name: 'app.db', bytes: db.length, sha256: sha(db) };
    const key = crypto.randomBytes(32);
    // The manifest says `included` and lists only the database; or lists the key, which is not in the file.
    const unlisted = await archive({ key: 'included', files: [dbEntry] }, [{ name: 'app.db', data: db }]);
    const absent = await archive(
      { key: 'included', files: [dbEntry, { name: 'device-secret.key', bytes: key.length, sha256: sha(key) }] },
      [{ name: 'app.db', data: db }],
    );
    expect(await refusal(unlisted)).toMatch(/device-secret\.key.*未做任何恢复/);
    expect(await refusal(absent)).toMatch(/缺少 device-secret\.key.*未做任何恢复/);
    if (process.env.TEST_DATABASE_URL) {
      // PostgreSQL's backup the same: refused before the database is looked at.
      const dump = { name: 'database.pgdump', bytes: DB.length, sha256: sha(DB) };
      const pgFile = await archive({ dialect: 'postgres', key: 'included', files: [dump] }, [{ name: 'database.pgdump', data: DB }]);
      const empty = await freshPgDatabase('backup_files');
      try {
        expect(await refusal(pgFile, { DATABASE_URL: empty })).toMatch(/device-secret\.key.*未做任何恢复/);
      } finally {
        await dropPgDatabase(empty);
      }
    }

    // --force over a DATA_DIR that holds data: nothing is moved aside, nothing replaced.
    for (const file of [unlisted, absent]) {
      const dataDir = path.join(tmp, `in-use-${++n}`);
      fs.mkdirSync(dataDir);
      fs.writeFileSync(path.join(dataDir, 'app.db'), 'the data in use');
      fs.writeFileSync(path.join(dataDir, 'notes.txt'), 'keep');
      const error = await restoreBackup(readSettings({ DATA_DIR: dataDir }), file, { force: true, now: Date.now() }).then(
        () => null,
        (err: Error) => err,
      );
      expect(error?.message).toMatch(/device-secret\.key/);
      expect(chinese(error!.message)).toBe(true);
      expect(error!.message).not.toMatch(/ENOENT/);
      expect(fs.readdirSync(dataDir).sort()).toEqual(['app.db', 'notes.txt']);
      expect(fs.readFileSync(path.join(dataDir, 'app.db'), 'utf8')).toBe('the data in use');
    }
  });
});
