import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { buildApp } from './app.js';
import { connect } from './platform/db/connection.js';
import { migrate } from './schema/migrate.js';
import { readSettings } from './env.js';
import { ensureFirstSup } from './accounts/first-sup.js';

const root = path.resolve(import.meta.dirname, '..');
const settings = readSettings();
settings.staticDir ??= path.join(root, 'dist');

// The console is built once, on the first start without a build.
if (!fs.existsSync(path.join(settings.staticDir, 'index.html')) && fs.existsSync(path.join(root, 'index.html'))) {
  process.stdout.write('首次启动：正在构建控制台 (vite build)…\n');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
}

const database = await connect({ databaseUrl: settings.databaseUrl, dataDir: settings.dataDir, readCacheMs: settings.readCacheMs });
await migrate(database.db, database.dialect, settings);
const first = await ensureFirstSup(database.db, settings.adminUsername, settings.adminPassword, Date.now());
if (first.created) {
  process.stdout.write(`已创建管理员账号 ${settings.adminUsername}` +
    (first.generatedPassword ? `，初始密码（只显示这一次）：${first.generatedPassword}\n` : '（密码取自 ADMIN_PASSWORD）\n'));
}

const app = await buildApp({
  settings, database, runJobs: true, smtp: settings.smtpPort ? { port: settings.smtpPort, host: settings.smtpHost } : undefined,
});
const shutdown = async () => { await app.close(); await database.close(); process.exit(0); };
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
await app.listen({ port: settings.port, host: settings.host });
process.stdout.write(`控制台与 API 已启动: http://${settings.host}:${settings.port}/ （数据库: ${database.dialect}）\n`);
if (app.smtpPort) process.stdout.write(`邮件接收 (SMTP) 已启动: ${settings.smtpHost}:${app.smtpPort}\n`);
else if (settings.smtpPort) process.stdout.write(`邮件接收 (SMTP) 未启动：端口 ${settings.smtpPort} 不可用（已被占用？）\n`);
