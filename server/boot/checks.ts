import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { StartupError, listenFailure } from './errors.js';

/**
 * DATA_DIR holds the SQLite file, the key that seals stored secrets and the first password: a folder
 * that cannot be written is said before anything is created, whichever database is used.
 */
export function checkDataDir(dir: string): void {
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    const why = code === 'ENOTDIR' || code === 'EEXIST' ? '路径中有同名的文件'
      : code === 'EROFS' ? '所在的文件系统只读'
      : code === 'ENOSPC' ? '磁盘已满'
      : '没有写入权限';
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
