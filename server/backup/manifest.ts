/**
 * The first entry of every backup file (`manifest.json`): what the file holds and what it came from,
 * so a restore can refuse a file it cannot use before touching anything, and an operator can read it
 * with `tar -xzOf FILE manifest.json`.
 */
import type { Dialect } from '../platform/db/connection.js';
import { KEY_FILE } from '../platform/lib/secret-box.js';
import { appVersion } from '../platform/version.js';
import { BackupError } from './errors.js';

export const MANIFEST = 'manifest.json';
export const FORMAT = 1;
const APP = 'code-console';

/** The database's entry: SQLite's file, or PostgreSQL's dump in pg_dump's custom format (-Fc). */
export const DATABASE_ENTRY: Record<Dialect, string> = { sqlite: 'app.db', postgres: 'database.pgdump' };

/** Where the secret key that seals stored secrets (server/platform/lib/secret-box.ts) is. */
export type KeyWhere =
  /** DATA_DIR/device-secret.key is in the file. */
  | 'included'
  /** DEVICE_SECRET_KEY was set: the key is not in the file and must travel separately. */
  | 'environment'
  /** No key existed yet (nothing was sealed). */
  | 'none';

export interface FileEntry {
  name: string;
  bytes: number;
  sha256: string;
}

/**
 * The audit trail's last row in the copy (its id and hash, and the rows up to it): kept with the
 * backup, outside the database, so a chain later cut short or rebuilt no longer matches it
 * (`npm run audit -- verify --anchor <id>:<hash>`). Absent when the trail was empty.
 */
export interface AuditHead {
  id: number;
  hash: string;
  rows: number;
  /** `<id>:<hash>`, as the command takes it. */ anchor: string;
}

export interface Manifest {
  format: number;
  app: string;
  appVersion: string;
  dialect: Dialect;
  /** The newest schema migration applied (by name), and every one applied. */
  migration: string;
  migrations: string[];
  /** ISO time the copy was taken. */
  createdAt: string;
  key: KeyWhere;
  /** What to do about the key, in words, when it is not in the file. */
  keyNote?: string;
  auditHead?: AuditHead;
  files: FileEntry[];
}

export function makeManifest(
  m: Omit<Manifest, 'format' | 'app' | 'appVersion' | 'migration' | 'keyNote' | 'auditHead'>,
  auditHead: Omit<AuditHead, 'anchor'> | null,
): Manifest {
  const migrations = [...m.migrations].sort();
  return {
    format: FORMAT,
    app: APP,
    appVersion: appVersion(),
    dialect: m.dialect,
    migration: migrations[migrations.length - 1] ?? '',
    migrations,
    createdAt: m.createdAt,
    key: m.key,
    ...(m.key === 'environment'
      ? { keyNote: '密钥来自环境变量 DEVICE_SECRET_KEY，不在此备份中：恢复后的服务必须设置同一个 DEVICE_SECRET_KEY' }
      : {}),
    ...(auditHead ? { auditHead: { ...auditHead, anchor: `${auditHead.id}:${auditHead.hash}` } } : {}),
    files: m.files,
  };
}

/** The names a backup may hold; anything else in a file is refused (no path ever leaves the staging folder). */
export function allowedNames(dialect: Dialect): string[] {
  return [DATABASE_ENTRY[dialect], KEY_FILE];
}

/** Reads and checks the manifest's text; a Chinese reason when it is not one of ours. */
export function parseManifest(text: string): Manifest {
  try {
    return checkedManifest(text);
  } catch (err) {
    throw new BackupError(`${(err as Error).message}，未做任何恢复`);
  }
}

function checkedManifest(text: string): Manifest {
  let m: Manifest;
  try {
    m = JSON.parse(text);
  } catch {
    throw new Error('备份清单 (manifest.json) 不是有效的 JSON');
  }
  if (m?.app !== APP) throw new Error('这不是本服务的备份文件（清单中的 app 不符）');
  if (m.format !== FORMAT) throw new Error(`备份格式版本 ${m.format} 不受支持（本版本读取格式 ${FORMAT}）：请用生成它的版本恢复`);
  if (m.dialect !== 'sqlite' && m.dialect !== 'postgres') throw new Error('备份清单中的数据库类型无效');
  if (!Array.isArray(m.files) || !Array.isArray(m.migrations)) throw new Error('备份清单不完整');
  const allowed = allowedNames(m.dialect);
  for (const f of m.files) {
    if (!allowed.includes(f.name) || !Number.isSafeInteger(f.bytes) || !/^[0-9a-f]{64}$/.test(f.sha256)) {
      throw new Error(`备份清单中有无效的条目: ${String(f.name)}`);
    }
  }
  if (!m.files.some((f) => f.name === DATABASE_ENTRY[m.dialect])) throw new Error('备份中没有数据库');
  checkKey(m);
  return m;
}

/** The key's place and the files listed agree: a restore never reaches for a key file it does not have. */
function checkKey(m: Manifest): void {
  const listed = m.files.some((f) => f.name === KEY_FILE);
  if (m.key === 'included' && !listed) throw new Error(`备份清单说含密钥文件 ${KEY_FILE}，但清单的文件列表中没有它（备份不完整）`);
  if (m.key !== 'included' && listed) throw new Error(`备份清单说不含密钥文件，文件列表中却有 ${KEY_FILE}（清单前后矛盾）`);
  if (!['included', 'environment', 'none'].includes(m.key)) throw new Error('备份清单中的密钥说明无效');
}
