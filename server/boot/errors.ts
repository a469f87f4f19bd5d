import { DatabaseUrlError } from '../platform/db/connection.js';
import { isDiskFull } from '../platform/db/disk-full.js';
import { SettingsError, type Settings } from '../env.js';

/** A reason the process cannot start, already said in one line for the operator. */
export class StartupError extends Error {}

/**
 * Says why the start failed in one Chinese line naming the setting to fix, and exits 1. Errors
 * nobody foresaw keep their stack: they are bugs, and the stack is what finds them.
 */
export function failStartup(error: unknown, settings: Settings, what = '启动失败'): never {
  const line = explain(error, settings);
  process.stderr.write(line ? `${what}：${line}\n` : `${what}（未预料的错误）：${(error as Error)?.stack ?? String(error)}\n`);
  process.exit(1);
}

type Failure = Error & { code?: string; errors?: Failure[]; syscall?: string; address?: string; port?: number };

/** The one line for a failure an operator causes (a setting, the network, the database server), or undefined. */
export function explain(error: unknown, settings: Settings): string | undefined {
  if (error instanceof StartupError || error instanceof DatabaseUrlError || error instanceof SettingsError) return error.message;
  const e = firstCause(error as Failure);
  if (!e) return undefined;
  const message = String(e.message ?? '');
  if (e.syscall === 'listen') return listenFailure(e.code, settings.host, settings.port);
  if (isDiskFull(e)) {
    return `磁盘已满，无法写入（${settings.databaseUrl ? 'PostgreSQL 的数据所在磁盘' : `DATA_DIR=${settings.dataDir}`}）：请清理磁盘空间后再启动`;
  }
  if (e.code === 'SQLITE_NOTADB' || e.code === 'SQLITE_CORRUPT') {
    return `DATA_DIR（${settings.dataDir}）里的 app.db 不是完整的 SQLite 数据库（已损坏？）：请从备份恢复，或换一个 DATA_DIR`;
  }
  if (!settings.databaseUrl) {
    return /no such table/.test(message)
      ? `DATA_DIR（${settings.dataDir}）里的数据库还没有本服务的表：请先启动一次服务（npm start），或检查 DATA_DIR`
      : undefined;
  }
  return databaseFailure(e, message, where(settings.databaseUrl));
}

/** The cause that says the most: Node wraps a refused connection to each address of a name in one AggregateError. */
function firstCause(error: Failure | undefined): Failure | undefined {
  if (error && !error.code && Array.isArray(error.errors) && error.errors.length) return error.errors[0];
  return error;
}

export function listenFailure(code: string | undefined, host: string, port: number): string | undefined {
  switch (code) {
    case 'EADDRINUSE':
      return `端口 ${port} 已被占用（${host}:${port}）：请停止占用它的程序，或用 PORT 换一个端口`;
    case 'EACCES':
      return `没有权限监听端口 ${port}（小于 1024 的端口需要特权）：请用 PORT 换一个 1024 以上的端口，前面放反向代理`;
    case 'EADDRNOTAVAIL':
      return `HOST=${host} 不是本机的地址：请把 HOST 改成本机的地址（127.0.0.1 只供本机访问，0.0.0.0 为所有网卡）`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `HOST=${host} 无法解析为地址：请把 HOST 改成 IP 地址或本机的主机名`;
    default:
      return undefined;
  }
}

interface Where {
  host: string;
  port: string;
  user: string;
  database: string;
}

/** The parts of the address worth naming (never its password). */
function where(url: string): Where {
  try {
    const u = new URL(url);
    return {
      host: decodeURIComponent(u.hostname) || 'localhost',
      port: u.port || '5432',
      user: decodeURIComponent(u.username) || '(当前系统用户)',
      database: decodeURIComponent(u.pathname.slice(1)) || '(与用户同名)',
    };
  } catch {
    return { host: '?', port: '?', user: '?', database: '?' };
  }
}

function databaseFailure(e: Failure, message: string, at: Where): string | undefined {
  const server = `${at.host}:${at.port}`;
  switch (e.code) {
    case 'ECONNREFUSED':
      return `无法连接数据库 ${server}：连接被拒绝，PostgreSQL 没有运行或地址、端口不对，请检查 DATABASE_URL`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `找不到数据库主机 ${at.host}：请检查 DATABASE_URL 中的主机名`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `连接数据库 ${server} 超时或网络不通：请检查 DATABASE_URL 中的地址和端口，以及防火墙`;
    case 'ECONNRESET':
      return `数据库 ${server} 断开了连接（SSL 设置不符？）：请检查 DATABASE_URL（如 ?sslmode=）`;
    case '28P01':
      return `数据库拒绝了用户 ${at.user} 的密码：请检查 DATABASE_URL 中的用户名和密码`;
    case '28000':
      return /does not exist/.test(message)
        ? `数据库中没有用户（角色）${at.user}：请检查 DATABASE_URL 中的用户名，或先创建该角色`
        : `数据库 ${server} 不允许用户 ${at.user} 连接（pg_hba.conf）：请检查 DATABASE_URL，或在 pg_hba.conf 中允许它`;
    case '3D000':
      return `数据库 ${at.database} 不存在：请先创建它（createdb ${at.database}），或修改 DATABASE_URL`;
    case '42P01':
      return `数据库 ${at.database} 里还没有本服务的表：请先启动一次服务（npm start），或检查 DATABASE_URL`;
    case '53300':
      return `数据库 ${server} 的连接数已满：请稍后再试，或调大 PostgreSQL 的 max_connections`;
    case '57P03':
      return `数据库 ${server} 正在启动或关闭，还不能连接：请稍后再试`;
  }
  if (/timeout/i.test(message)) return `连接数据库 ${server} 超时：请检查 DATABASE_URL 中的地址和端口，以及防火墙`;
  if (/SSL/.test(message)) return `数据库 ${server} 的 SSL 设置与 DATABASE_URL 不符（${message}）：请检查 DATABASE_URL 的 sslmode`;
  const denied = /permission denied for (schema|database) (\S+)/.exec(message);
  if (denied)
    return `数据库用户 ${at.user} 无权在 ${denied[2]} 中建表：请让它成为数据库 ${at.database} 的所有者，或授予 CREATE 权限（DATABASE_URL 的用户）`;
  return undefined;
}
