import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { StartupError, listenFailure } from './errors.js';

/** What the start writes into DATA_DIR to see it can: 1 MiB, about what the first minutes of writes need. */
const PROBE_BYTES = 1 << 20;

/**
 * DATA_DIR holds the SQLite file, the key that seals stored secrets and the first password: a folder
 * that cannot be written is said before anything is created, whichever database is used. One it
 * creates is its owner's alone (0700), whatever the umask would allow.
 */
export function checkDataDir(dir: string): void {
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Some room, not only a name: an empty file is created on a full disk too.
    fs.writeFileSync(probe, Buffer.alloc(PROBE_BYTES));
    fs.rmSync(probe);
  } catch (error) {
    try {
      fs.rmSync(probe, { force: true });
    } catch {
      /* never made */
    }
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'ENOSPC') {
      throw new StartupError(
        `数据目录 DATA_DIR=${path.resolve(dir)} 所在的磁盘已满，无法写入：请清理该磁盘的空间（或把 DATA_DIR 移到空间足够的磁盘）后再启动`,
      );
    }
    const why = code === 'ENOTDIR' || code === 'EEXIST' ? '路径中有同名的文件' : code === 'EROFS' ? '所在的文件系统只读' : '没有写入权限';
    throw new StartupError(`数据目录 DATA_DIR=${path.resolve(dir)} 无法写入（${why}）：请修改 DATA_DIR，或让运行本服务的用户能写入它`);
  }
}

/**
 * The port is tried before the database is touched: a first start on a taken port stops before it
 * creates the first sup (whose password would scroll past above the error).
 */
export function checkPortFree(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      const line = listenFailure(error.code, host, port);
      reject(line ? new StartupError(line) : error);
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve()));
  });
}
