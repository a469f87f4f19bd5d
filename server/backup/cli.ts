/**
 * `npm run backup [-- --out FILE]` and `npm run restore -- FILE [--force]` (scripts/backup.ts,
 * scripts/restore.ts): the settings are the server's own (the same environment as `npm start`). A
 * backup prints the file's path as its last line; a refusal is one Chinese line on stderr, exit 1.
 */
import { readSettings } from '../env.js';
import { KEY_FILE } from '../platform/lib/secret-box.js';
import type { Manifest } from './manifest.js';
import { restoreBackup } from './restore.js';
import { BackupError } from './errors.js';
import { takeBackup } from './take.js';

const DIALECT = { sqlite: 'SQLite', postgres: 'PostgreSQL' } as const;

export async function backupCommand(args: string[]): Promise<number> {
  return runCommand(async () => {
    let out: string | undefined;
    for (let i = 0; i < args.length; i++) {
      const arg = args[i];
      if (arg === '--out' && args[i + 1]) out = args[++i];
      else if (arg.startsWith('--out=')) out = arg.slice('--out='.length);
      else throw new BackupError(`不认识的参数 ${arg}。用法：npm run backup [-- --out 文件]`);
    }
    const settings = readSettings();
    const taken = await takeBackup(settings, { out, now: Date.now() });
    const m = taken.manifest;
    say(`备份完成：${DIALECT[m.dialect]}，迁移 ${m.migration}，${sizeOf(taken.bytes)}，${keyWords(m)}`);
    if (m.auditHead) say(anchorWords(m));
    say(taken.file);
  });
}

export async function restoreCommand(args: string[]): Promise<number> {
  return runCommand(async () => {
    const force = args.includes('--force');
    const files = args.filter((a) => a !== '--force');
    const unknown = files.find((a) => a.startsWith('--'));
    if (unknown || files.length !== 1) {
      throw new BackupError(`${unknown ? `不认识的参数 ${unknown}。` : ''}用法：npm run restore -- 备份文件 [--force]`);
    }
    const settings = readSettings();
    const r = await restoreBackup(settings, files[0], { force, now: Date.now() });
    for (const line of r.lines) say(line);
    const where = r.manifest.dialect === 'sqlite' ? r.dataDir : `DATABASE_URL 的数据库（密钥文件在 ${r.dataDir}）`;
    if (r.manifest.auditHead) say(anchorWords(r.manifest));
    say(
      `恢复完成：${r.manifest.createdAt} 的备份（${DIALECT[r.manifest.dialect]}，迁移 ${r.manifest.migration}，版本 ${r.manifest.appVersion}）已恢复到 ${where}；现在可以启动服务（npm start）`,
    );
  });
}

function keyWords(m: Manifest): string {
  if (m.key === 'included') return `含密钥文件 ${KEY_FILE}`;
  if (m.key === 'environment') return '不含密钥（DEVICE_SECRET_KEY 须另行保存）';
  return '尚无密钥文件';
}

/** The audit chain's head in the copy: kept with the file, checkable later against the live chain. */
function anchorWords(m: Manifest): string {
  return `审计链锚点 ${m.auditHead!.anchor}（共 ${m.auditHead!.rows} 行；核对：npm run audit -- verify --anchor ${m.auditHead!.anchor}）`;
}

const sizeOf = (bytes: number) => (bytes < 1e6 ? `${Math.ceil(bytes / 1e3)} KB` : `${(bytes / 1e6).toFixed(1)} MB`);

const say = (line: string) => process.stdout.write(line + '\n');

async function runCommand(body: () => Promise<void>): Promise<number> {
  try {
    await body();
    return 0;
  } catch (err) {
    process.stderr.write(`${err instanceof BackupError ? '' : '出错了：'}${(err as Error).message}\n`);
    return 1;
  }
}
