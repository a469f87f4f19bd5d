import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from './app.js';
import { connect } from './platform/db/connection.js';
import { migrate } from './schema/migrate.js';
import { ensureFirstSup } from './accounts/index.js';
import { checkDataDir, checkPortFree } from './boot/checks.js';
import { buildConsoleIfMissing, checkConsole } from './boot/console.js';
import { failStartup } from './boot/errors.js';
import { withStartupLock } from './boot/lock.js';
import { Stopper } from './boot/signals.js';
import { settingsOrExit } from './boot/settings.js';

const root = path.resolve(import.meta.dirname, '..');
const settings = settingsOrExit();
const staticDir = (settings.staticDir ??= path.join(root, 'dist'));
const stopper = new Stopper();

try {
  await start();
} catch (error) {
  failStartup(error, settings);
}

/**
 * What can be checked without side effects is checked first (the folder, the console, the port), so a
 * start that cannot succeed stops before it creates anything; see docs/operations.md.
 */
async function start(): Promise<void> {
  checkDataDir(settings.dataDir);
  const consoleState = checkConsole(root, staticDir);
  await checkPortFree(settings.host, settings.port);

  const database = await connect({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir, readCacheMs: settings.readCacheMs });
  stopper.onStop(() => database.close());
  // A wrong address, role, password or database name is said now, not at the first request.
  await sql`select 1`.execute(database.db);

  const first = await stopper.whole(() =>
    withStartupLock(database, settings.dataDir, async () => {
      if (!consoleState.built) buildConsoleIfMissing(root, staticDir);
      await migrate(database.db, database.dialect, settings);
      return ensureFirstSup(database.db, settings.adminUsername, settings.adminPassword, Date.now(), settings.dataDir);
    }),
  );
  // The password itself stays out of the output, which journald and `docker logs` keep for anyone who can read them.
  if (first.created && first.generatedPassword) {
    process.stdout.write(
      `已创建管理员账号 ${settings.adminUsername}，初始密码在 ${path.resolve(first.passwordFile!)}` +
        `（仅文件所有者可读，首次登录成功后自动删除）\n`,
    );
  } else if (first.created) {
    process.stdout.write(`已创建管理员账号 ${settings.adminUsername}（密码取自 ADMIN_PASSWORD）\n`);
  }

  const app = await buildApp({
    settings,
    database,
    runJobs: true,
    smtp: settings.smtpPort ? { port: settings.smtpPort, host: settings.smtpHost } : undefined,
  });
  stopper.onStop(() => app.close());
  await app.listen({ port: settings.port, host: settings.host });
  process.stdout.write(`控制台与 API 已启动: http://${settings.host}:${settings.port}/ （数据库: ${database.dialect}）\n`);
  if (app.smtpPort) process.stdout.write(`邮件接收 (SMTP) 已启动: ${settings.smtpHost}:${app.smtpPort}\n`);
  else if (app.smtpDown) process.stdout.write(`邮件接收 (SMTP) 未启动：${app.smtpDown}\n`);
}
