/**
 * Restoring a backup file with the server stopped: into an empty DATA_DIR (and, on PostgreSQL, an
 * empty database), or with `force` after moving what is there aside (never deleting it). The file is
 * unpacked and checked whole (manifest, sizes, SHA-256, gzip's checksum, SQLite's own check) in a
 * staging folder before anything in place is touched.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Settings } from '../env.js';
import type { Dialect } from '../platform/db/connection.js';
import { KEY_FILE } from '../platform/lib/secret-box.js';
import { appVersion, compareVersions } from '../platform/version.js';
import { migrations as knownMigrations } from '../schema/migrate.js';
import { ArchiveError, readArchive, type EntrySink } from './archive.js';
import { backupDirOf, stampOf } from './files.js';
import { DATABASE_ENTRY, MANIFEST, parseManifest, type Manifest } from './manifest.js';
import { findTool, missingTool, pgIsEmpty, pgLeaseUntil, pgSetAside, restorePostgres, withClient } from './postgres.js';
import { checkSqlite, sqliteLeaseUntil } from './sqlite-copy.js';
import { BackupError } from './errors.js';
import { dialectOf } from './take.js';

type RestoreSettings = Pick<Settings, 'dataDir' | 'backupDir' | 'databaseUrl' | 'secretKey'>;

export interface Restored {
  manifest: Manifest;
  dataDir: string;
  lines: string[];
}

const MANIFEST_MAX = 1 << 20;

export async function restoreBackup(settings: RestoreSettings, file: string, opts: { force: boolean; now: number }): Promise<Restored> {
  const source = path.resolve(file);
  if (!fs.existsSync(source) || !fs.statSync(source).isFile()) throw new BackupError(`找不到备份文件 ${source}`);
  const dialect = dialectOf(settings);
  const dataDir = path.resolve(settings.dataDir);
  if (dialect === 'postgres' && !findTool('pg_restore')) throw new BackupError(missingTool('pg_restore'));
  // What the file says it holds is checked before anything is created or moved aside.
  checkUsable(await peekManifest(source), dialect);

  const present = dataEntries(dataDir, [backupDirOf(settings), source]);
  const dbNotEmpty = dialect === 'postgres' && !(await withClient(settings.databaseUrl!, pgIsEmpty));
  if ((present.length || dbNotEmpty) && !opts.force) throw new BackupError(notEmpty(dataDir, present, dbNotEmpty));
  if (present.length || dbNotEmpty) await refuseWhileServed(settings, dataDir, opts.now);

  // Unpacked beside where it goes (a rename, not a copy, puts it in place); a folder made for that is
  // taken away again if the archive turns out unusable: a refused restore leaves nothing behind.
  const made = fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const staging = fs.mkdtempSync(path.join(dataDir, '.restore-'));
  try {
    let manifest: Manifest;
    try {
      manifest = await unpack(source, staging);
      checkUsable(manifest, dialect);
      if (dialect === 'sqlite') checkRestoredSqlite(path.join(staging, DATABASE_ENTRY.sqlite));
    } catch (err) {
      fs.rmSync(staging, { recursive: true, force: true });
      if (made) fs.rmSync(made, { recursive: true, force: true });
      throw err;
    }

    const lines: string[] = [];
    const stamp = stampOf(opts.now);
    if (present.length) lines.push(`原有文件已移到 ${moveAside(dataDir, present, stamp)}（未删除）`);
    if (dbNotEmpty) {
      const moved = await withClient(settings.databaseUrl!, (c) => pgSetAside(c, stamp.replace('-', '_')));
      lines.push(`数据库中原有的数据已改名保存为 schema ${moved.join(', ')}（未删除；确认无用后可 DROP SCHEMA … CASCADE）`);
    }
    try {
      if (dialect === 'sqlite') {
        fs.renameSync(path.join(staging, DATABASE_ENTRY.sqlite), path.join(dataDir, DATABASE_ENTRY.sqlite));
      } else {
        await restorePostgres(settings.databaseUrl!, path.join(staging, DATABASE_ENTRY.postgres));
      }
      if (manifest.key === 'included') fs.renameSync(path.join(staging, KEY_FILE), path.join(dataDir, KEY_FILE));
    } catch (err) {
      // What was moved aside stays where it is: say where.
      throw new BackupError([`恢复失败：${(err as Error).message}`, ...lines].join('；'));
    }
    lines.push(...keyWarnings(manifest, settings));
    return { manifest, dataDir, lines };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * A backup of this database's kind, taken by this version or an older one (whose data the migrations
 * bring up to date at the next start): a newer version's may hold data this code misreads even when
 * it has no migration this code lacks.
 */
function checkUsable(manifest: Manifest, dialect: Dialect): void {
  if (manifest.dialect !== dialect) throw new BackupError(wrongDialect(manifest));
  const unknown = manifest.migrations.filter((m) => !(m in knownMigrations(dialect)));
  if (unknown.length) {
    throw new BackupError(
      `这份备份来自更新的版本 ${manifest.appVersion}（有本版本没有的数据库迁移 ${unknown.join(', ')}）：请先把代码升级到该版本再恢复`,
    );
  }
  const running = appVersion();
  if (running && compareVersions(String(manifest.appVersion ?? ''), running) > 0) {
    throw new BackupError(
      `这份备份来自更新的版本 ${manifest.appVersion}，而当前代码是 ${running}：请先把代码升级到 ${manifest.appVersion} 或更新的版本再恢复，未做任何恢复`,
    );
  }
}

/** What DATA_DIR holds, the backup folder and the file being restored aside. */
function dataEntries(dataDir: string, ignore: string[]): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dataDir);
  } catch {
    return [];
  }
  return names.filter((name) => {
    const full = path.join(dataDir, name);
    return !ignore.some((i) => i === full || i.startsWith(full + path.sep));
  });
}

function notEmpty(dataDir: string, present: string[], dbNotEmpty: boolean): string {
  const what = [
    ...(present.length ? [`DATA_DIR（${dataDir}）不是空的（${present.slice(0, 5).join('、')}${present.length > 5 ? ' 等' : ''}）`] : []),
    ...(dbNotEmpty ? ['DATABASE_URL 指向的数据库中已有数据'] : []),
  ].join('，');
  return `${what}：恢复只写入空的目录和空的数据库。请先停止服务；确需覆盖时加 --force（原有文件与数据会被移到一旁保存，不会删除）`;
}

/** --force under a running server would pull its data from under it: refused while one holds a job lease. */
async function refuseWhileServed(settings: RestoreSettings, dataDir: string, now: number): Promise<void> {
  const until = settings.databaseUrl
    ? await withClient(settings.databaseUrl, (c) => pgLeaseUntil(c, now))
    : sqliteLeaseUntil(path.join(dataDir, DATABASE_ENTRY.sqlite), now);
  if (until === null) return;
  throw new BackupError(
    `似乎仍有服务进程在使用这些数据（后台任务租约到 ${new Date(until).toISOString()} 才过期）：` +
      '请先停止所有服务进程再恢复；进程若已被强行结束，请在该时间之后重试',
  );
}

function wrongDialect(m: Manifest): string {
  return m.dialect === 'sqlite'
    ? '这是 SQLite 的备份，而当前设置了 DATABASE_URL（PostgreSQL）：请去掉 DATABASE_URL 后恢复到 DATA_DIR'
    : '这是 PostgreSQL 的备份：请把 DATABASE_URL 设为要恢复到的（空）PostgreSQL 数据库后再恢复';
}

/** The manifest alone (the archive's first entry; reading stops after it), checked. */
async function peekManifest(source: string): Promise<Manifest> {
  let manifest: Manifest | undefined;
  try {
    await readArchive(source, (name, size) => {
      if (manifest) throw new ManifestRead();
      return manifestSink(name, size, (m) => {
        manifest = m;
      });
    });
  } catch (err) {
    if (!(err instanceof ManifestRead)) throw damaged(err, source);
  }
  if (!manifest) throw new BackupError(`备份文件是空的，未做任何恢复（${source}）`);
  return manifest;
}

/** Stops reading once the manifest is in. */
class ManifestRead extends Error {}

function manifestSink(name: string, size: number, done: (m: Manifest) => void): EntrySink {
  if (name !== MANIFEST || size > MANIFEST_MAX) throw new ArchiveError('第一个条目不是备份清单 manifest.json');
  return collect((text) => done(parseManifest(text)));
}

/** The archive's own faults said as a refusal; anything else passes as it is. */
function damaged(err: unknown, source: string): unknown {
  return err instanceof ArchiveError ? new BackupError(`备份文件已损坏或不完整，未做任何恢复（${source}）：${err.message}`) : err;
}

/** Unpacks `source` into `staging`, checking every entry against the manifest; a damaged file is refused. */
async function unpack(source: string, staging: string): Promise<Manifest> {
  let manifest: Manifest | undefined;
  const seen = new Set<string>();
  try {
    await readArchive(source, (name, size) => {
      if (!manifest)
        return manifestSink(name, size, (m) => {
          manifest = m;
        });
      const expected = manifest.files.find((f) => f.name === name);
      if (!expected || seen.has(name)) throw new ArchiveError(`备份中有清单之外的条目 ${name}`);
      if (expected.bytes !== size) throw new ArchiveError(`${name} 的大小与清单不符`);
      seen.add(name);
      return fileSink(path.join(staging, name), expected.sha256);
    });
  } catch (err) {
    throw damaged(err, source);
  }
  if (!manifest) throw new BackupError(`备份文件是空的，未做任何恢复（${source}）`);
  const missing = manifest.files.filter((f) => !seen.has(f.name)).map((f) => f.name);
  if (missing.length) throw new BackupError(`备份文件不完整，缺少 ${missing.join(', ')}，未做任何恢复（${source}）`);
  return manifest;
}

function collect(done: (text: string) => void): EntrySink {
  const parts: Buffer[] = [];
  return {
    write: (chunk) => {
      parts.push(Buffer.from(chunk));
    },
    end: () => done(Buffer.concat(parts).toString('utf8')),
  };
}

function fileSink(file: string, sha256: string): EntrySink {
  const fd = fs.openSync(file, 'wx', 0o600);
  const hash = crypto.createHash('sha256');
  return {
    write(chunk) {
      hash.update(chunk);
      fs.writeSync(fd, chunk);
    },
    end() {
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      if (hash.digest('hex') !== sha256) throw new ArchiveError(`${path.basename(file)} 的 SHA-256 与清单不符`);
    },
  };
}

function checkRestoredSqlite(file: string): void {
  try {
    checkSqlite(file);
  } catch (err) {
    throw new BackupError(`备份中的数据库文件无法使用，未做任何恢复：${(err as Error).message}`);
  }
}

/** --force: what DATA_DIR held goes into DATA_DIR/before-restore-<time>/. */
function moveAside(dataDir: string, names: string[], stamp: string): string {
  const aside = path.join(dataDir, `before-restore-${stamp}`);
  fs.mkdirSync(aside, { mode: 0o700 });
  for (const name of names) fs.renameSync(path.join(dataDir, name), path.join(aside, name));
  return aside;
}

function keyWarnings(m: Manifest, settings: RestoreSettings): string[] {
  if (m.key === 'environment' && !settings.secretKey) {
    return [
      '注意：这份备份不含密钥（备份时用的是环境变量 DEVICE_SECRET_KEY）：启动前请设置同一个 DEVICE_SECRET_KEY，否则设备与上游的密钥无法解开',
    ];
  }
  if (m.key === 'environment') return ['这份备份的密钥来自 DEVICE_SECRET_KEY：请确认当前设置的就是备份时的那一个'];
  if (m.key === 'included' && settings.secretKey) {
    return [`注意：已恢复 ${KEY_FILE}，但当前设置了 DEVICE_SECRET_KEY，服务会用它而不是该文件：若两者不同，请取消 DEVICE_SECRET_KEY`];
  }
  return [];
}
