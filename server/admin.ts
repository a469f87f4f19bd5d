import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { connect } from './platform/db/connection.js';
import { resetPassword } from './accounts/index.js';
import { StartupError, failStartup } from './boot/errors.js';
import { settingsOrExit } from './boot/settings.js';
import { checkConfig } from './admin-check-config.js';
import { appVersion } from './platform/version.js';

/**
 * The operator's commands, run beside a running server or without one, on the database the
 * settings name (`npm run admin -- <command>`; docs/operations.md):
 *   reset-password <username> [--clear-totp]   a new password, printed as the last line; the user's
 *                                              sessions end; --clear-totp also turns two-step login off.
 *   check-config                               the settings in effect (secrets masked) and what is wrong.
 *   version                                    the code's version (package.json), as /healthz says it.
 */
const USAGE = '用法：npm run admin -- reset-password <用户名> [--clear-totp] | check-config | version';

const args = process.argv.slice(2);
if (args[0] === 'version' && args.length === 1) {
  process.stdout.write(`${appVersion()}\n`);
  process.exit(0);
}
if (args[0] === 'check-config' && args.length === 1) {
  const report = checkConfig();
  process.stdout.write(`${report.lines.join('\n')}\n`);
  process.exit(report.code);
}
const clearTotp = args.includes('--clear-totp');
const [command, username, ...rest] = args.filter((a) => a !== '--clear-totp');
if (command !== 'reset-password' || !username || username.startsWith('--') || rest.length) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(1);
}
const settings = settingsOrExit('命令失败');

try {
  // Connecting to SQLite creates the file: a wrong DATA_DIR would be answered "no such user" on an empty database.
  if (!settings.databaseUrl && !fs.existsSync(path.join(settings.dataDir, 'app.db'))) {
    throw new StartupError(
      `DATA_DIR=${path.resolve(settings.dataDir)} 中没有数据库 (app.db)：请检查 DATA_DIR（或 DATABASE_URL），服务至少要启动过一次`,
    );
  }
  const database = await connect({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir, readCacheMs: 0 });
  await sql`select 1`.execute(database.db);
  const reset = await resetPassword(database.db, username, settings.dataDir, Date.now(), { clearTotp });
  await database.close();
  if (!reset) {
    process.stderr.write(`用户 ${username} 不存在\n`);
    process.exit(1);
  }
  process.stdout.write(`已重置用户 ${reset.username} 的密码，并结束了其全部登录会话。\n`);
  if (clearTotp)
    process.stdout.write(reset.totpCleared ? '已关闭该账号的两步验证，登录后可重新开启。\n' : '该账号未开启两步验证，无需清除。\n');
  if (!reset.active) process.stdout.write('注意：该账号目前已被禁用，需由管理员启用后才能登录。\n');
  process.stdout.write(`新密码：\n${reset.password}\n`);
} catch (error) {
  failStartup(error, settings, '命令失败');
}
