import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { StartupError } from './errors.js';

/**
 * The console is served from `staticDir` (dist/, built by `npm run build`). A development install
 * builds it on its first start; a production install (devDependencies pruned) has no build tool,
 * so a missing build is said at once, with what to run.
 */
export function checkConsole(root: string, staticDir: string): { built: boolean } {
  if (isBuilt(staticDir)) return { built: true };
  if (canBuild(root, staticDir)) return { built: false };
  const where = path.resolve(staticDir) === path.join(root, 'dist') ? 'dist/' : `STATIC_DIR=${staticDir}`;
  throw new StartupError(
    `没有构建好的控制台（${where} 中没有 index.html），本安装也没有构建工具：请先运行 npm ci && npm run build，再启动`,
  );
}

/** Builds the console when it is still missing (another process may have built it meanwhile: run under the startup lock). */
export function buildConsoleIfMissing(root: string, staticDir: string): void {
  if (isBuilt(staticDir)) return;
  process.stdout.write('首次启动：正在构建控制台 (npm run build)…\n');
  try {
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
  } catch {
    throw new StartupError('构建控制台失败（npm run build，原因见上方输出）：请修正后再启动，或先手动运行 npm run build');
  }
}

function isBuilt(staticDir: string): boolean {
  return fs.existsSync(path.join(staticDir, 'index.html'));
}

/** Only dist/ is built here, and only where the sources and Vite (a devDependency) are. */
function canBuild(root: string, staticDir: string): boolean {
  return (
    path.resolve(staticDir) === path.join(root, 'dist') &&
    fs.existsSync(path.join(root, 'index.html')) &&
    fs.existsSync(path.join(root, 'node_modules', '.bin', 'vite'))
  );
}
