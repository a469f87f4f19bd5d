/**
 * Taking a backup while the server runs: the database copied consistently (SQLite's backup API, or
 * pg_dump), the secret key file beside it, a manifest, all in one file written under a temporary name
 * and renamed once whole, so a backup folder never shows a half-written file as a backup.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Settings } from '../env.js';
import type { Dialect } from '../platform/db/connection.js';
import { KEY_FILE } from '../platform/lib/secret-box.js';
import { isDiskFull } from '../platform/db/disk-full.js';
import { writeArchive, type Entry } from './archive.js';
import { BackupError } from './errors.js';
import { backupDirOf, freeName } from './files.js';
import { DATABASE_ENTRY, MANIFEST, makeManifest, type FileEntry, type KeyWhere, type Manifest } from './manifest.js';
import { dumpPostgres, findTool, missingTool, pgAuditHead, pgMigrations, withClient } from './postgres.js';
import { copySqlite, type AuditHeadOfCopy } from './sqlite-copy.js';

type BackupSettings = Pick<Settings, 'dataDir' | 'backupDir' | 'databaseUrl' | 'secretKey'>;

export interface TakeOptions {
  /** The file to write (refused if it exists); default: a new name in the backup folder. */
  out?: string;
  /** When the copy begins (names the file). */
  now: number;
  /** The live SQLite file (default: DATA_DIR/app.db). */
  sqliteFile?: string;
}

export interface Taken {
  file: string;
  bytes: number;
  manifest: Manifest;
}

export function dialectOf(settings: Pick<Settings, 'databaseUrl'>): Dialect {
  return settings.databaseUrl ? 'postgres' : 'sqlite';
}

export async function takeBackup(settings: BackupSettings, opts: TakeOptions): Promise<Taken> {
  const out = opts.out ? path.resolve(opts.out) : undefined;
  if (out && fs.existsSync(out)) throw new BackupError(`${out} 已存在：请换一个文件名（备份不覆盖已有文件）`);
  const dir = out ? path.dirname(out) : backupDirOf(settings);
  try {
    return await takeInto(dir, settings, { ...opts, out });
  } catch (err) {
    if (isDiskFull(err)) throw new BackupError(diskFull(dir));
    throw err;
  }
}

async function takeInto(dir: string, settings: BackupSettings, opts: TakeOptions): Promise<Taken> {
  const dialect = dialectOf(settings);
  const out = opts.out;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const staging = fs.mkdtempSync(path.join(dir, '.backup-'));
  try {
    const dbFile = path.join(staging, DATABASE_ENTRY[dialect]);
    const { migrations, auditHead } =
      dialect === 'sqlite' ? await copySqliteOf(settings, opts, dbFile) : await dumpPostgresOf(settings.databaseUrl!, dbFile);
    if (!migrations.length) throw new BackupError('数据库中还没有本服务的表（服务从未在它上面启动过？）：没有可备份的数据');
    const entries: Entry[] = [{ name: DATABASE_ENTRY[dialect], path: dbFile }];
    const key = keyOf(settings);
    if (key.data) entries.push({ name: KEY_FILE, data: key.data });
    const files: FileEntry[] = [];
    for (const e of entries) files.push({ name: e.name, ...(await digest(e)) });
    const manifest = makeManifest({ dialect, migrations, createdAt: new Date(opts.now).toISOString(), key: key.where, files }, auditHead);
    const manifestEntry: Entry = { name: MANIFEST, data: Buffer.from(JSON.stringify(manifest, null, 2) + '\n'), mode: 0o644 };
    const partial = path.join(staging, 'backup.tar.gz');
    await writeArchive(partial, [manifestEntry, ...entries], opts.now);
    const file = out ?? freeName(dir, opts.now);
    if (fs.existsSync(file)) throw new BackupError(`${file} 已存在：请换一个文件名（备份不覆盖已有文件）`);
    fs.renameSync(partial, file);
    return { file, bytes: fs.statSync(file).size, manifest };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** A full disk under the backup folder, said as such with what to do (the database's own error says only "database or disk is full"). */
function diskFull(dir: string): string {
  return (
    `备份失败：备份目录 ${dir} 所在的磁盘已满，备份没有写成（未留下不完整的文件）。` +
    '请清理该磁盘的空间（较早的备份可先复制到别的机器再删除，或调小 BACKUP_KEEP），或把 BACKUP_DIR 指向空间足够的磁盘后重试'
  );
}

type Copied = { migrations: string[]; auditHead: AuditHeadOfCopy };

async function copySqliteOf(settings: BackupSettings, opts: TakeOptions, dest: string): Promise<Copied> {
  const source = opts.sqliteFile ?? path.join(settings.dataDir, DATABASE_ENTRY.sqlite);
  if (!fs.existsSync(source)) throw new BackupError(`找不到数据库文件 ${path.resolve(source)}：请检查 DATA_DIR`);
  return copySqlite(source, dest);
}

async function dumpPostgresOf(url: string, dest: string): Promise<Copied> {
  if (!findTool('pg_dump')) throw new BackupError(missingTool('pg_dump'));
  const [migrations, auditHead] = await withClient(url, async (c) => [await pgMigrations(c), await pgAuditHead(c)] as const);
  await dumpPostgres(url, dest);
  return { migrations, auditHead };
}

/** The key that seals stored secrets: its file's bytes, or where it is instead. */
function keyOf(settings: BackupSettings): { where: KeyWhere; data?: Buffer } {
  if (settings.secretKey) return { where: 'environment' };
  const file = path.join(settings.dataDir, KEY_FILE);
  if (!fs.existsSync(file)) return { where: 'none' };
  return { where: 'included', data: fs.readFileSync(file) };
}

async function digest(entry: Entry): Promise<{ bytes: number; sha256: string }> {
  const hash = crypto.createHash('sha256');
  let bytes = 0;
  if ('data' in entry) {
    hash.update(entry.data);
    bytes = entry.data.length;
  } else {
    for await (const chunk of fs.createReadStream(entry.path)) {
      hash.update(chunk as Buffer);
      bytes += (chunk as Buffer).length;
    }
  }
  return { bytes, sha256: hash.digest('hex') };
}
