/**
 * A server whose bot talks to a fresh local Bot API (polled every second, no backups), the first sup
 * signed in; and the bot's jobs run now, as their timers would.
 */
import { startServer, SUP, type DbKind, type TestServer } from '../../helpers/server.js';
import type { Settings } from '../../../server/env.js';
import { BOT_TOKEN, FakeBotApi } from './fake-bot-api.js';

export async function startBotServer(
  kind: DbKind,
  settings: Partial<Settings> = {},
): Promise<{ bot: FakeBotApi; s: TestServer; sup: string }> {
  const bot = await new FakeBotApi().start();
  const s = await startServer(kind, {
    settings: { telegramBotToken: BOT_TOKEN, telegramApiRoot: bot.url, telegramPollSeconds: 1, backupIntervalMs: 0, ...settings },
  });
  return { bot, s, sup: await s.login(SUP.username, SUP.password) };
}

export async function stopBotServer(s: TestServer, bot: FakeBotApi): Promise<void> {
  await s.close();
  await bot.close();
}

export function botJobs(server: () => TestServer) {
  return {
    poll: () => server().app.jobs.runNow('telegram-poll'),
    send: () => server().app.jobs.runNow('telegram-send'),
    watch: () => server().app.jobs.runNow('telegram-watch'),
  };
}
